package io.keyline.time;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to. Wall time and monotonic time advance together.
 * Thread-safe: the offset is one atomic counter.
 */
public final class ManualClock implements Clock {
    private final Instant origin;
    private final AtomicLong elapsedNanos = new AtomicLong();

    public ManualClock() { this(Instant.parse("2026-01-01T00:00:00Z")); }

    public ManualClock(Instant origin) { this.origin = origin; }

    @Override public Instant now() { return origin.plusNanos(elapsedNanos.get()); }

    @Override public long nanos() { return elapsedNanos.get(); }

    public void advance(Duration d) { elapsedNanos.addAndGet(d.toNanos()); }
}
