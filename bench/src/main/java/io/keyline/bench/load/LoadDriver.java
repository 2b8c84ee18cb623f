package io.keyline.bench.load;

import io.keyline.bench.workload.RequestSet;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
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
    /** The open-loop pacer's shortest sleep: it sends what fell due meanwhile in one burst. */
    private static final long PACER_TICK_NANOS = 100_000;
    /** Length of a timeline slice. */
    public static final long SLICE_MILLIS = 100;

    private final Clock clock;
    private final Transport transport;
    private final RequestSet<?> requests;
    private final LoadSpec spec;
    private final long[] serverPids;

    private final Recorder recorder = new Recorder(3);
    private final LongAdder ok = new LongAdder();
    /** The warm-up's latencies, never reported (see {@link #complete}). */
    private final Recorder warmUpRecorder = new Recorder(3);
    private final LongAdder failed = new LongAdder();
    private final AtomicLong draws = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private volatile long windowStart;
    private volatile long windowEnd;

    /** @param serverPid the server process to charge CPU to, or -1 for none */
    public LoadDriver(Clock clock, Transport transport, RequestSet<?> requests, LoadSpec spec, long serverPid) {
        this(clock, transport, requests, spec, serverPid > 0 ? new long[] {serverPid} : new long[0]);
    }

    /** @param serverPids the server processes to charge CPU to, summed (several Keyline nodes); none for none */
    public LoadDriver(Clock clock, Transport transport, RequestSet<?> requests, LoadSpec spec, long[] serverPids) {
        this.clock = clock;
        this.transport = transport;
        this.requests = requests;
        this.spec = spec;
        this.serverPids = serverPids.clone();
    }

    /** CPU seconds of the server processes together, NaN if none or one is unreadable. */
    private static double serverCpu(long[] pids) {
        if (pids.length == 0) return Double.NaN;
        double sum = 0;
        for (long pid : pids) sum += ProcessCpu.seconds(pid);
        return sum;
    }

    public LoadResult run() {
        long begin = clock.nanos();
        windowStart = begin + spec.warmup().toNanos();
        windowEnd = windowStart + spec.duration().toNanos();
        CpuMark mark = new CpuMark();
        List<LoadInterval> timeline = new ArrayList<>();
        Histogram total = new Histogram(3);
        Thread sampler = new Thread(() -> {
            sleepUntil(windowStart);
            mark.take(serverPids);
            sampleWindow(total, timeline);
        }, "bench-window");
        sampler.start();
        if (spec.mode() == LoadSpec.Mode.CLOSED) {
            for (int i = 0; i < spec.concurrency(); i++) issue(clock.nanos());
            sleepUntil(windowEnd);
        } else {
            pace(begin);
        }
        double serverCpuEnd = serverCpu(serverPids);
        double clientCpuEnd = ProcessCpu.seconds(ProcessCpu.self());
        joinQuietly(sampler);
        drain();
        slice(total, timeline);
        long unanswered = inFlight.get();
        if (unanswered > 0) {
            failed.add(unanswered);
            firstError.compareAndSet(null, unanswered + " requests unanswered " + drainNanos() / 1_000_000 + " ms after the window");
        }
        long requestsDone = ok.sum();
        double seconds = spec.duration().toNanos() / 1e9;
        long n = Math.max(1, requestsDone + failed.sum());
        return new LoadResult(requestsDone, failed.sum(), seconds, requestsDone / seconds,
                total.getValueAtPercentile(50) / 1000.0, total.getValueAtPercentile(99) / 1000.0,
                total.getValueAtPercentile(99.9) / 1000.0, total.getMaxValue() / 1000.0,
                (serverCpuEnd - mark.server) * 1e6 / n, (clientCpuEnd - mark.client) * 1e6 / n,
                firstError.get(), timeline);
    }

    /** Every slice of the window, the slowest request of each: a sampler thread, {@link #SLICE_MILLIS} ms apart. */
    private void sampleWindow(Histogram total, List<LoadInterval> timeline) {
        long sliceNanos = TimeUnit.MILLISECONDS.toNanos(SLICE_MILLIS);
        for (long next = windowStart + sliceNanos; next < windowEnd; next += sliceNanos) {
            sleepUntil(next);
            slice(total, timeline);
        }
    }

    /** Confined to the sampler thread, then to the run's thread after it joined the sampler. */
    private Histogram sliceBuffer;
    private long slices;

    /** Moves what completed since the last slice into the total and one timeline entry. */
    private void slice(Histogram total, List<LoadInterval> timeline) {
        long startMillis = slices++ * SLICE_MILLIS;
        sliceBuffer = recorder.getIntervalHistogram(sliceBuffer);
        if (sliceBuffer.getTotalCount() == 0) return;
        total.add(sliceBuffer);
        timeline.add(new LoadInterval(startMillis, sliceBuffer.getTotalCount(),
                sliceBuffer.getValueAtPercentile(99) / 1000.0, sliceBuffer.getMaxValue() / 1000.0));
    }

    /**
     * Open loop: request i is due at begin + i / rate. The pacer wakes, sends every request that
     * is due (each timed from when it was due, not when it left), and sleeps at least
     * {@link #PACER_TICK_NANOS} before the next look. It never spins and never wakes per request:
     * at tens of thousands of requests a second either would hold a good part of one of this
     * machine's two cores, and the server under test would be measured on what is left. The
     * price, charged to the latencies honestly, is up to one tick of waiting before a send.
     */
    private void pace(long begin) {
        double intervalNanos = 1e9 / spec.rate();
        long i = 0;
        while (true) {
            long now = clock.nanos();
            long due;
            while ((due = begin + (long) (i * intervalNanos)) <= now) {
                if (due >= windowEnd) return;
                issue(due);
                i++;
            }
            if (due >= windowEnd) return;
            LockSupport.parkNanos(Math.max(due - now, PACER_TICK_NANOS));
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
        if (startedAt < windowEnd) {
            // Warm-up requests take the same path into a recorder of their own: the client's JIT
            // then compiles the path the window uses during the warm-up. When only the window's
            // requests were recorded, the path was first taken as the window opened and the first
            // 100-200 ms of every run were 5-25 ms slower, in the client (docs/BENCHMARKS.md).
            boolean measured = startedAt >= windowStart;
            // Successes count only inside the window (exact throughput); failures always, so none hide in the drain.
            if (status != 200) {
                if (measured) {
                    failed.increment();
                    firstError.compareAndSet(null, status + " " + error);
                }
            } else if (now <= windowEnd) {
                if (measured) ok.increment();
                (measured ? recorder : warmUpRecorder).recordValue(Math.max(0, now - startedAt));
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

        void take(long[] serverPids) {
            server = serverCpu(serverPids);
            client = ProcessCpu.seconds(ProcessCpu.self());
        }
    }
}
