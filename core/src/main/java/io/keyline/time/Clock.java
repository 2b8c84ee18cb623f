package io.keyline.time;

import java.time.Duration;
import java.time.Instant;

/**
 * The only source of time in Keyline. The server uses {@link SystemClock}; tests and the
 * simulator use {@link ManualClock} so that minutes of burst capacity pass in microseconds.
 * Implementations must be thread-safe.
 */
public interface Clock {
    /** Wall-clock time, for timestamps a client sees (CreationDateTime, ...). */
    Instant now();

    /** Monotonic nanoseconds, for rates and durations; only differences are meaningful. */
    long nanos();

    default long millis() { return now().toEpochMilli(); }

    /**
     * Waits until {@code d} has passed on this clock: a real wait on the system clock, and on a
     * {@link ManualClock} until a test has advanced it that far, so a test drives the background
     * threads that wait through it (the cluster duties' rounds, their lease grace).
     *
     * @throws InterruptedException if the waiting thread is interrupted
     */
    default void sleep(Duration d) throws InterruptedException {
        long nanos = d.toNanos();
        if (nanos > 0) Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    }

    /**
     * Waits until {@link #nanos()} reaches {@code deadline} (at once if it has). A loop that runs
     * every period waits for its turn's start plus the period, not for a period from wherever it
     * stands when its work is done: time that passed during the turn (or a test's advance of a
     * {@link ManualClock} made meanwhile) counts.
     *
     * @throws InterruptedException if the waiting thread is interrupted
     */
    default void sleepUntil(long deadline) throws InterruptedException {
        sleep(Duration.ofNanos(deadline - nanos()));
    }
}
