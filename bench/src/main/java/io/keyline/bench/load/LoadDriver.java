package io.keyline.bench.load;

import io.keyline.bench.workload.RequestSet;
import io.keyline.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Runs one load spec against one transport: a warm-up, then a measured window. Only requests
 * that start inside the window and finish before it ends are counted, so the window's
 * throughput is exact; latencies go to an HdrHistogram {@link Recorder} (thread-safe).
 * In open loop a request's latency is measured from its intended send time, so a stall of the
 * server is charged to every request that should have been sent during it (no coordinated
 * omission). One driver per run; {@link #run} blocks the calling thread.
 */
public final class LoadDriver {
    /** Bounds of the wait for requests still in flight when the window closes: the window's length, within these. */
    private static final long MIN_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long MAX_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Below this the pacer spins instead of parking: parkNanos oversleeps by ~50 µs. */
    private static final long SPIN_NANOS = 20_000;

    private final Clock clock;
    private final Transport transport;
    private final RequestSet<?> requests;
    private final LoadSpec spec;
    private final long serverPid;

    private final Recorder recorder = new Recorder(3);
    private final LongAdder ok = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final AtomicLong draws = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private volatile long windowStart;
    private volatile long windowEnd;

    /** @param serverPid the server process to charge CPU to, or -1 for none */
    public LoadDriver(Clock clock, Transport transport, RequestSet<?> requests, LoadSpec spec, long serverPid) {
        this.clock = clock;
        this.transport = transport;
        this.requests = requests;
        this.spec = spec;
        this.serverPid = serverPid;
    }

    public LoadResult run() {
        long begin = clock.nanos();
        windowStart = begin + spec.warmup().toNanos();
        windowEnd = windowStart + spec.duration().toNanos();
        CpuMark mark = new CpuMark();
        Thread marker = new Thread(() -> {
            sleepUntil(windowStart);
            mark.take(serverPid);
        }, "bench-window-start");
        marker.start();
        if (spec.mode() == LoadSpec.Mode.CLOSED) {
            for (int i = 0; i < spec.concurrency(); i++) issue(clock.nanos());
            sleepUntil(windowEnd);
        } else {
            pace(begin);
        }
        double serverCpuEnd = serverPid > 0 ? ProcessCpu.seconds(serverPid) : Double.NaN;
        double clientCpuEnd = ProcessCpu.seconds(ProcessCpu.self());
        joinQuietly(marker);
        drain();
        long unanswered = inFlight.get();
        if (unanswered > 0) {
            failed.add(unanswered);
            firstError.compareAndSet(null, unanswered + " requests unanswered " + drainNanos() / 1_000_000 + " ms after the window");
        }
        Histogram h = recorder.getIntervalHistogram();
        long requestsDone = ok.sum();
        double seconds = spec.duration().toNanos() / 1e9;
        long n = Math.max(1, requestsDone + failed.sum());
        return new LoadResult(requestsDone, failed.sum(), seconds, requestsDone / seconds,
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0,
                h.getValueAtPercentile(99.9) / 1000.0, h.getMaxValue() / 1000.0,
                (serverCpuEnd - mark.server) * 1e6 / n, (clientCpuEnd - mark.client) * 1e6 / n,
                firstError.get());
    }

    /** Open loop: request i is due at begin + i / rate; late ones are sent at once, still timed from when they were due. */
    private void pace(long begin) {
        double intervalNanos = 1e9 / spec.rate();
        for (long i = 0; ; i++) {
            long due = begin + (long) (i * intervalNanos);
            if (due >= windowEnd) return;
            long wait = due - clock.nanos();
            if (wait > SPIN_NANOS) LockSupport.parkNanos(wait - SPIN_NANOS);
            while (clock.nanos() < due) Thread.onSpinWait();
            issue(due);
        }
    }

    private void issue(long startedAt) {
        Object request = requests.pick(draws.getAndIncrement());
        inFlight.incrementAndGet();
        transport.send(request, (status, error) -> complete(startedAt, status, error));
    }

    private void complete(long startedAt, int status, String error) {
        long now = clock.nanos();
        inFlight.decrementAndGet();
        if (startedAt >= windowStart && startedAt < windowEnd) {
            // Successes count only inside the window (exact throughput); failures always, so none hide in the drain.
            if (status != 200) {
                failed.increment();
                firstError.compareAndSet(null, status + " " + error);
            } else if (now <= windowEnd) {
                ok.increment();
                recorder.recordValue(Math.max(0, now - startedAt));
            }
        }
        if (spec.mode() == LoadSpec.Mode.CLOSED && now < windowEnd) issue(now);
    }

    private void drain() {
        long deadline = clock.nanos() + drainNanos();
        while (inFlight.get() > 0 && clock.nanos() < deadline) LockSupport.parkNanos(1_000_000);
    }

    private long drainNanos() {
        return Math.max(MIN_DRAIN_NANOS, Math.min(MAX_DRAIN_NANOS, spec.duration().toNanos()));
    }

    private void sleepUntil(long deadline) {
        long wait;
        while ((wait = deadline - clock.nanos()) > 0) LockSupport.parkNanos(wait);
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** CPU seconds of the server and of this process when the window opened. */
    private static final class CpuMark {
        volatile double server = Double.NaN;
        volatile double client = Double.NaN;

        void take(long serverPid) {
            server = serverPid > 0 ? ProcessCpu.seconds(serverPid) : Double.NaN;
            client = ProcessCpu.seconds(ProcessCpu.self());
        }
    }
}
