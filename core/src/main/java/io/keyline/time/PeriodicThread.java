package io.keyline.time;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * A daemon thread that takes a turn every period, waiting on a {@link Clock}, until closed: the
 * start and stop idiom of Keyline's background loops (the capacity exchange, the TTL expirer, the
 * stream sweeper) in one place. A turn's period counts from the turn's start
 * ({@link Clock#sleepUntil}): time spent in the turn, or a test's advance of a {@link ManualClock}
 * made meanwhile, counts. A turn that fails with a RuntimeException is handed to the failure
 * handler and the next turn comes at its time; one that fails while the thread is being closed
 * (the storage it used may be closing too) ends the thread quietly.
 *
 * <p>Threading: {@link #start} and {@link #close} from any thread (a second start, or a start
 * after close, does nothing); the turns run on the thread alone, one at a time.
 */
public final class PeriodicThread implements AutoCloseable {
    /** How long {@link #close} waits for a turn under way to end. */
    static final long JOIN_MILLIS = 5_000;

    private final String name;
    private final Clock clock;
    private final Duration period;
    private final boolean waitFirst;
    private final Runnable turn;
    private final Consumer<RuntimeException> failed;
    private Thread thread; // guarded by this
    private boolean closed; // guarded by this
    private volatile boolean running;

    /**
     * A thread named {@code name} that runs {@code turn} every {@code period} on {@code clock}, its
     * first turn at once or, with {@code waitFirst}, one period after {@link #start}.
     */
    public PeriodicThread(String name, Clock clock, Duration period, boolean waitFirst, Runnable turn, Consumer<RuntimeException> failed) {
        if (period.isNegative() || period.isZero()) throw new IllegalArgumentException("period " + period);
        this.name = name;
        this.clock = clock;
        this.period = period;
        this.waitFirst = waitFirst;
        this.turn = turn;
        this.failed = failed;
    }

    public synchronized void start() {
        if (thread != null || closed) return;
        running = true;
        thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        try {
            if (waitFirst) clock.sleep(period);
            while (running) {
                long turnStart = clock.nanos();
                try {
                    turn.run();
                } catch (RuntimeException e) {
                    if (!running) return;
                    failed.accept(e);
                }
                clock.sleepUntil(turnStart + period.toNanos());
            }
        } catch (InterruptedException e) {
            // closed while waiting
        }
    }

    /** Stops the turns and waits (at most {@link #JOIN_MILLIS}) for one under way to end. */
    @Override public void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            running = false;
            t = thread;
        }
        if (t == null) return;
        t.interrupt();
        try {
            t.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
