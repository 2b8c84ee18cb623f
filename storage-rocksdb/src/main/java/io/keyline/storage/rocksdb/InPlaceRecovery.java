package io.keyline.storage.rocksdb;

import io.keyline.storage.StorageHealth;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Brings a failed RocksDB back without a restart (docs/RULES.md#STORAGE-RECOVERY). RocksJava has
 * no {@code DB::Resume()}, and an error RocksDB does not clear by itself (a log file it could not
 * open when the process ran out of file descriptors) fails every write until the database is
 * opened again; so once told of a failure, this reopens the database in place, first at once,
 * then after each delay of {@link #RETRY_DELAYS} in turn, then every {@link #MAX_DELAY} for as
 * long as it takes (the schedule is bounded, the patience is not: a restart would do no more).
 *
 * <p>Time is the injected clock's: an attempt is due when the clock says so, and a daemon thread,
 * started by a failure and ended by the recovery (or {@link #stop}), polls for that every
 * {@link #POLL_MILLIS} of real time, so recovery needs no traffic and a test drives it by moving
 * a manual clock. Threading: the state is guarded by this object's monitor, {@link #down} is a
 * volatile read for the request path; the reopen itself runs on the recovery thread, outside
 * the monitor (it takes the storage's lifetime lock).
 */
final class InPlaceRecovery {
    /** Waits between failed reopen attempts: short first (a transient error clears in moments), then backing off. */
    static final List<Duration> RETRY_DELAYS = List.of(Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5));
    /** The longest wait between two attempts, repeated until one succeeds. */
    static final Duration MAX_DELAY = Duration.ofSeconds(10);
    /** How often the recovery thread looks at the clock. */
    static final long POLL_MILLIS = 20;

    /** Closes and opens the database again; throws if it could not. */
    @FunctionalInterface
    interface Reopen {
        void run();
    }

    private static final System.Logger LOG = System.getLogger(InPlaceRecovery.class.getName());

    private final Clock clock;
    private final Reopen reopen;
    private final String name;
    private volatile boolean down;
    private String problem;
    private int failedAttempts;
    private Instant nextAttempt;
    private long recoveries;
    private Thread worker;
    /** The recovery thread while one runs; read without the monitor by {@link #onRecoveryThread}. */
    private volatile Thread recovering;
    private boolean stopped;

    InPlaceRecovery(Clock clock, String name, Reopen reopen) {
        this.clock = clock;
        this.name = name;
        this.reopen = reopen;
    }

    /** Whether the storage is down now (cheap: the request path asks on every call). */
    boolean down() { return down; }

    /**
     * Whether the caller is the recovery thread: after its reopen it restores what the storage's
     * users rebuild at start ({@code Storage.onReopen}) while everyone else still waits.
     */
    boolean onRecoveryThread() { return Thread.currentThread() == recovering; }

    /** The storage failed in a way a reopen can clear: go down (if not already) and start recovering. */
    synchronized void failed(String what) {
        if (stopped || down) return;
        down = true;
        problem = what;
        failedAttempts = 0;
        nextAttempt = clock.now();
        log(System.Logger.Level.ERROR, "{0} is down, reopening it in place: {1}", what);
        worker = new Thread(this::recover, "keyline-storage-recovery");
        worker.setDaemon(true);
        recovering = worker;
        worker.start();
    }

    synchronized String problem() { return problem; }

    synchronized StorageHealth health() {
        if (!down) return new StorageHealth(true, null, recoveries);
        String detail = failedAttempts == 0 ? problem
                : problem + " (" + failedAttempts + " reopen attempt" + (failedAttempts == 1 ? "" : "s") + " failed)";
        return new StorageHealth(false, detail, recoveries);
    }

    /** No more attempts (the storage is closing); waits for one in progress to end. */
    void stop() {
        Thread running;
        synchronized (this) {
            stopped = true;
            running = worker;
        }
        if (running != null && running != Thread.currentThread()) {
            try {
                running.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void recover() {
        while (true) {
            synchronized (this) {
                if (stopped || !down) {
                    worker = null;
                    return;
                }
                if (clock.now().isBefore(nextAttempt)) {
                    try {
                        wait(POLL_MILLIS);
                    } catch (InterruptedException e) {
                        worker = null;
                        return;
                    }
                    continue;
                }
            }
            try {
                reopen.run();
                synchronized (this) {
                    down = false;
                    problem = null;
                    recoveries++;
                }
                log(System.Logger.Level.WARNING, "{0} recovered: reopened in place", null);
            } catch (RuntimeException | LinkageError e) {
                // LinkageError: a class that could not load while descriptors ran out must not end the recovery
                synchronized (this) {
                    failedAttempts++;
                    nextAttempt = clock.now().plus(delayAfter(failedAttempts));
                }
            }
        }
    }

    /**
     * Logging must not fail the caller (RocksDB's listener thread, or the recovery): when the
     * process is out of descriptors, even formatting a log line's time may fail.
     */
    private void log(System.Logger.Level level, String format, String detail) {
        try {
            LOG.log(level, format, name, detail);
        } catch (RuntimeException | LinkageError e) {
            // nothing better to do: the health check and the metrics still say it
        }
    }

    /** The wait after the {@code n}th failed attempt (n from 1). */
    static Duration delayAfter(int n) {
        return n <= RETRY_DELAYS.size() ? RETRY_DELAYS.get(n - 1) : MAX_DELAY;
    }
}
