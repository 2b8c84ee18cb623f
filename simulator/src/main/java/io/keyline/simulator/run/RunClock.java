package io.keyline.simulator.run;

import io.keyline.time.ManualClock;
import java.util.function.IntConsumer;

/**
 * Simulated time of a run, in nanoseconds since its start, on the engine's manual clock. Moving
 * it forward passes every second boundary on the way: just before each (1 µs before, so that
 * what is recorded falls in the second that ends) it runs the per-second task (the metrics
 * sampler), and at the end of each minute the per-minute one. Never moves back. One thread.
 */
final class RunClock {
    static final long SECOND = 1_000_000_000L;
    static final long MINUTE = 60 * SECOND;
    private static final long BEFORE_BOUNDARY = 1_000;

    private final ManualClock clock;
    private final long origin;
    private final Runnable everySecond;
    private final IntConsumer minuteEnded;
    private long nextSecond = SECOND;

    /** Time zero is the clock's time now. {@code minuteEnded} gets the 0-based minute that ends. */
    RunClock(ManualClock clock, Runnable everySecond, IntConsumer minuteEnded) {
        this.clock = clock;
        this.origin = clock.nanos();
        this.everySecond = everySecond;
        this.minuteEnded = minuteEnded;
    }

    long now() { return clock.nanos() - origin; }

    /** The 0-based minute simulated time is in. */
    int minute() { return (int) (now() / MINUTE); }

    void moveTo(long nanos) {
        while (nextSecond <= nanos) {
            advanceTo(nextSecond - BEFORE_BOUNDARY);
            everySecond.run();
            if (nextSecond % MINUTE == 0) minuteEnded.accept((int) (nextSecond / MINUTE) - 1);
            nextSecond += SECOND;
        }
        advanceTo(nanos);
    }

    /** The minutes a run of {@code duration} reports: a last partial minute counts as one. */
    static int minutesOf(java.time.Duration duration) {
        return (int) Math.max(1, (duration.toNanos() + MINUTE - 1) / MINUTE);
    }

    /**
     * Moves to the end of the run: {@code atLeast}, or later if requests went on past it, rounded
     * up to a whole second; a last partial minute is closed too. Returns the minutes covered, which
     * exceed {@link #minutesOf the run's} when retries went on past its end.
     */
    int finish(long atLeast) {
        long end = Math.max(now(), atLeast);
        long seconds = (end + SECOND - 1) / SECOND;
        moveTo(seconds * SECOND);
        int minutes = (int) ((seconds * SECOND + MINUTE - 1) / MINUTE);
        if (seconds * SECOND % MINUTE != 0) minuteEnded.accept(minutes - 1);
        return Math.max(1, minutes);
    }

    private void advanceTo(long nanos) {
        long delta = nanos - now();
        if (delta > 0) clock.advance(java.time.Duration.ofNanos(delta));
    }
}
