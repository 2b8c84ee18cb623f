package io.keyline.time;

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
}
