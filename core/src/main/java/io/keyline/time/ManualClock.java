package io.keyline.time;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to. Wall time and monotonic time advance together.
 * {@link #sleep} returns once the clock has been advanced that far, so a background thread
 * waiting through it runs when the test moves time, not before.
 * Thread-safe: the offset is one atomic counter; sleepers wait on a monitor that
 * {@link #advance} signals only when one waits (the simulator advances it often, with none).
 */
public final class ManualClock implements Clock {
    private final Instant origin;
    private final AtomicLong elapsedNanos = new AtomicLong();
    private final Object ticks = new Object();
    private final java.util.concurrent.atomic.AtomicInteger sleepers = new java.util.concurrent.atomic.AtomicInteger();

    public ManualClock() { this(Instant.parse("2026-01-01T00:00:00Z")); }

    public ManualClock(Instant origin) { this.origin = origin; }

    @Override public Instant now() { return origin.plusNanos(elapsedNanos.get()); }

    @Override public long nanos() { return elapsedNanos.get(); }

    public void advance(Duration d) {
        elapsedNanos.addAndGet(d.toNanos());
        if (sleepers.get() > 0) {
            synchronized (ticks) {
                ticks.notifyAll();
            }
        }
    }

    /** Waits until the clock has been advanced by {@code d} from now (at once for zero or less). */
    @Override public void sleep(Duration d) throws InterruptedException {
        sleepUntil(elapsedNanos.get() + d.toNanos());
    }

    /** Waits until the clock has been advanced to {@code until} (its {@link #nanos()}). */
    @Override public void sleepUntil(long until) throws InterruptedException {
        sleepers.incrementAndGet();
        try {
            synchronized (ticks) {
                while (elapsedNanos.get() - until < 0) ticks.wait();
            }
        } finally {
            sleepers.decrementAndGet();
        }
    }
}
