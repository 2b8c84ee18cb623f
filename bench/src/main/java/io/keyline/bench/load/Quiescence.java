package io.keyline.bench.load;

import io.keyline.time.Clock;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Waits, before a measured run, until the server process is idle: its CPU over one probe window
 * stays under {@link #IDLE_CORE_SHARE} of one core. A run is then charged for the background work
 * it causes itself (a flush, a compaction, a GC during its window) but not for the work the
 * previous run left behind: without this, a read-only GetItem run that followed PutItem runs on
 * the same server measured the compactions of those writes (docs/BENCHMARKS.md, session 3's
 * GetItem at half load). Every target is treated alike; a server that never goes idle costs
 * at most {@code limit} and the run goes ahead. Stateless; the probe sleeps on the calling thread.
 */
public final class Quiescence {
    /** The probe window: long enough that a background burst of a few ms shows as busy. */
    public static final Duration WINDOW = Duration.ofMillis(250);
    /** Under 5% of one core over a window counts as idle (an idle JVM or node uses well under 1%). */
    public static final double IDLE_CORE_SHARE = 0.05;

    /** How long the wait took and whether the server went idle within the limit. */
    public record Outcome(Duration waited, boolean idle) {}

    /** Sleeps for a duration; a parameter so tests need no real time. */
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private Quiescence() {}

    /** Waits until {@code pid} is idle, at most {@code limit}; a zero limit does not wait and counts as idle. */
    public static Outcome await(long pid, Duration limit, Clock clock) throws InterruptedException {
        return await(() -> ProcessCpu.seconds(pid), limit, clock, d -> Thread.sleep(d.toMillis()));
    }

    /**
     * @param cpuSeconds the process's CPU seconds so far; NaN where it cannot be read (not Linux),
     *                   and then the server is taken as idle at once
     */
    public static Outcome await(DoubleSupplier cpuSeconds, Duration limit, Clock clock, Sleeper sleeper)
            throws InterruptedException {
        long start = clock.nanos();
        if (limit.isZero() || limit.isNegative()) return new Outcome(Duration.ZERO, true);
        double window = WINDOW.toNanos() / 1e9;
        double before = cpuSeconds.getAsDouble();
        if (Double.isNaN(before)) return new Outcome(Duration.ZERO, true);
        while (true) {
            sleeper.sleep(WINDOW);
            double after = cpuSeconds.getAsDouble();
            Duration waited = Duration.ofNanos(clock.nanos() - start);
            if (after - before < IDLE_CORE_SHARE * window) return new Outcome(waited, true);
            if (waited.compareTo(limit) >= 0) return new Outcome(waited, false);
            before = after;
        }
    }
}
