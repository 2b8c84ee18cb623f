package io.keyline.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.bench.workload.DataLayout;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;
import io.keyline.bench.workload.RequestSet;
import io.keyline.time.SystemClock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The open-loop pacer and the timeline, against a transport that answers after a fixed delay
 * and once stalls: the stall shows in its slice, and every request sent during it is charged
 * from when it was due.
 */
class LoadDriverTimelineTest {
    private static final DataLayout LAYOUT = new DataLayout(200, 50, 5, 7);

    /** Answers each request 1 ms after it is sent, except those sent in [stallFrom, stallTo), answered at stallTo. */
    private static final class StallingTransport implements Transport {
        private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        private final long stallFrom;
        private final long stallTo;

        StallingTransport(long stallFrom, long stallTo) {
            this.stallFrom = stallFrom;
            this.stallTo = stallTo;
        }

        @Override public void send(Object request, Completion completion) {
            long now = System.nanoTime();
            long delay = now >= stallFrom && now < stallTo ? stallTo - now : TimeUnit.MILLISECONDS.toNanos(1);
            timer.schedule(() -> completion.complete(200, null), delay, TimeUnit.NANOSECONDS);
        }

        @Override public void close() { timer.shutdownNow(); }
    }

    @Test
    void aStallShowsInItsSliceAndIsChargedToEveryRequestDueDuringIt() {
        RequestSet<Integer> requests = RequestSet.build(Op.GET, LAYOUT, KeyDistribution.Kind.UNIFORM, 1, (o, i) -> i);
        Duration warmup = Duration.ofMillis(100);
        long begin = System.nanoTime();
        long windowStart = begin + warmup.toNanos();
        // 50 ms stall starting 250 ms into the 500 ms window
        long stallFrom = windowStart + TimeUnit.MILLISECONDS.toNanos(250);
        long stallTo = stallFrom + TimeUnit.MILLISECONDS.toNanos(50);
        LoadResult r;
        try (StallingTransport t = new StallingTransport(stallFrom, stallTo)) {
            r = new LoadDriver(SystemClock.INSTANCE, t, requests, LoadSpec.open(2000, 4, warmup, Duration.ofMillis(500)), -1).run();
        }
        // 2,000 req/s for 0.5 s
        assertThat(r.requests()).isBetween(900L, 1001L); // a few may finish after the window on a loaded machine
        assertThat(r.errors()).isZero();
        assertThat(r.timeline()).hasSizeBetween(3, 6);
        assertThat(r.timeline().stream().mapToLong(LoadInterval::requests).sum()).isEqualTo(r.requests());
        // about 100 requests fall due in the stall; the first waits all of it
        assertThat(r.maxMicros()).isGreaterThanOrEqualTo(45_000);
        assertThat(r.p99Micros()).isGreaterThan(10_000);
        assertThat(r.p50Micros()).isLessThan(10_000);
        LoadInterval worst = r.worstInterval();
        assertThat(worst.startMillis()).isBetween(200L, 300L);
        assertThat(worst.maxMicros()).isEqualTo(r.maxMicros(), org.assertj.core.data.Offset.offset(r.maxMicros() * 0.01));
    }
}
