package io.keyline.time;

import java.time.Instant;

/** Real time: the one place that reads the system clock. Stateless, thread-safe. */
public final class SystemClock implements Clock {
    public static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {}

    @Override public Instant now() { return Instant.now(); }

    @Override public long nanos() { return System.nanoTime(); }

    /** Without an Instant: the metrics read it for every value they record. */
    @Override public long millis() { return System.currentTimeMillis(); }
}
