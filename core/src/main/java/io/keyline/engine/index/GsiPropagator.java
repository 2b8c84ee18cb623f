package io.keyline.engine.index;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

/**
 * Applies the {@link GsiChangeLog} to the GSI keyspaces in the background, in sequence order.
 * Each storage batch applies some records and deletes them, atomically, so a crash between
 * batches loses nothing and applies nothing twice; after a restart the propagator simply starts
 * again from the first record left. A drain reads from the log's floor, not from the log's first
 * key, so its cost follows the records not yet applied, not the history (see {@link GsiChangeLog}
 * for why the floor is safe while sequences are in flight). Mutations are whole-entry puts and
 * deletes, so re-applying one would be harmless anyway. A record is due once {@code lag} has passed since its commit on
 * the injected clock; application stops at the first record not yet due, which keeps the
 * records of each item in order. Index statistics (ItemCount, IndexSizeBytes) change here,
 * from the entries actually replaced, so they stay exact whatever the order of backfill and
 * live records. Mutations for a keyspace that no longer exists (a dropped index or table) are
 * discarded; the check and the write happen under the catalog lock.
 *
 * <p>Waiting, never polling. The thread sleeps on a condition until {@link #wake} says records
 * were added (every writer of the log calls it after its batch commits), or, when the first
 * record left is not due yet, until its due time as read from the injected clock: with a
 * manual clock that wait ends after the same span of real time, so a test that moves the clock
 * calls {@link #wake} to be seen at once. A wake that comes while the thread is applying is
 * remembered, so none is lost. Each applied batch advances {@link #progress}, which writers
 * ({@link #awaitApplied}), the backfill and tests wait on the same way.
 *
 * <p>Threading: one daemon thread; {@link #applyDue} is synchronized so tests may drive it too.
 */
public final class GsiPropagator implements AutoCloseable {
    /** Records applied per storage batch: bounds a batch's size while amortizing its cost. */
    static final int RECORDS_PER_BATCH = 256;
    /** After a storage failure, the first and the longest pause before trying again (real time). */
    private static final long FIRST_RETRY_MILLIS = 5;
    private static final long MAX_RETRY_MILLIS = 1_000;
    /** What {@link #drain} returns as the next due time when the log is empty. */
    private static final long NOTHING_PENDING = Long.MAX_VALUE;

    private final Storage storage;
    private final GsiChangeLog log;
    private final Catalog catalog;
    private final Clock clock;
    private final long lagMillis;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled by {@link #wake} and {@link #close}: the propagator thread waits on it. */
    private final Condition recordsAdded = lock.newCondition();
    /** Signalled when a batch was applied, when waiters are released, and at close. */
    private final Condition progressed = lock.newCondition();
    private final Thread thread;
    private volatile boolean running = true;
    /** Guarded by lock: a wake not yet seen by the propagator thread. */
    private boolean wakeups;
    /** Batches applied so far; written under lock, read anywhere. */
    private volatile long progress;
    /**
     * Whether this process may apply the log now: always, alone on a storage; with several
     * processes, while it holds the log's lease (docs/CLUSTER.md), checked before each batch.
     */
    private volatile BooleanSupplier mayApply = () -> true;

    public GsiPropagator(Storage storage, GsiChangeLog log, Catalog catalog, Clock clock, Duration lag) {
        this.storage = storage;
        this.log = log;
        this.catalog = catalog;
        this.clock = clock;
        this.lagMillis = lag.toMillis();
        this.thread = new Thread(this::run, "keyline-gsi-propagator");
        thread.setDaemon(true);
    }

    public void start() { thread.start(); }

    /** Applies records only while {@code permit} holds (a lease); a drain that finds it false stops until the next wake. */
    public void applyOnlyWhile(BooleanSupplier permit) { this.mayApply = permit; }

    /** Tells the propagator that records were added, or that the clock moved (tests). */
    public void wake() {
        lock.lock();
        try {
            wakeups = true;
            recordsAdded.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Applies every record due now; returns how many were applied. */
    public int applyDue() { return drain().applied(); }

    /** What one {@link #drain} did: records applied, and when the first record left falls due. */
    private record Drained(int applied, long nextDueMillis) {}

    private synchronized Drained drain() {
        int total = 0;
        while (true) {
            if (!mayApply.getAsBoolean()) return new Drained(total, NOTHING_PENDING);
            List<GsiChangeLog.Record> due = new ArrayList<>();
            long nextDue = NOTHING_PENDING;
            long now = clock.millis();
            // Read before the cursor opens: every record below it is visible to the cursor or never comes.
            long settled = log.settledBelow();
            long leftAt = Long.MAX_VALUE;
            try (Cursor c = log.unapplied()) {
                while (c.next()) {
                    GsiChangeLog.Record r = GsiChangeLog.decode(c.key(), c.value());
                    if (r.commitMillis() + lagMillis > now || due.size() == RECORDS_PER_BATCH) {
                        nextDue = r.commitMillis() + lagMillis;
                        leftAt = r.sequence();
                        break;
                    }
                    due.add(r);
                }
            }
            if (!due.isEmpty()) apply(due);
            log.advanceFloor(Math.min(settled, leftAt));
            if (due.isEmpty()) return new Drained(total, nextDue);
            total += due.size();
            if (nextDue > now) return new Drained(total, nextDue);
        }
    }

    /** True when no record with a sequence below {@code sequence} is left. */
    public boolean appliedBefore(long sequence) { return log.appliedBefore(sequence); }

    /** True when the log is empty. */
    public boolean idle() { return appliedBefore(Long.MAX_VALUE); }

    private void apply(List<GsiChangeLog.Record> records) {
        catalog.withLiveKeyspaces(live -> {
            WriteBatch batch = new WriteBatch();
            Map<ByteBuffer, byte[]> written = new HashMap<>();
            Map<Long, long[]> stats = new HashMap<>();
            for (GsiChangeLog.Record r : records) {
                for (GsiChangeLog.Mutation m : r.mutations()) applyOne(m, live, batch, written, stats);
                batch.delete(r.logKey());
            }
            storage.write(batch);
            stats.forEach((keyspace, d) -> catalog.statistics(keyspace).record(d[0], d[1]));
        });
        lock.lock();
        try {
            progress++;
            progressed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A count that grows with every applied batch: read it, check a state, then {@link #awaitProgress}. */
    public long progress() { return progress; }

    /**
     * Returns once a batch has been applied since {@code seen} was read from {@link #progress},
     * the propagator is closed, {@code stop} holds (checked under the same lock that
     * {@link #releaseWaiters} signals under) or the thread is interrupted; at most after
     * {@code maxWaitNanos} of real time. Returns the nanos left of that bound (at most 0: timed out).
     */
    public long awaitProgress(long seen, BooleanSupplier stop, long maxWaitNanos) throws InterruptedException {
        lock.lock();
        try {
            long left = maxWaitNanos;
            while (progress == seen && running && !stop.getAsBoolean() && left > 0) left = progressed.awaitNanos(left);
            return left;
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every {@link #awaitProgress} caller, so that it checks its {@code stop} condition again. */
    public void releaseWaiters() {
        lock.lock();
        try {
            progressed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until record {@code sequence} has been applied, for at most about {@code maxWaitMillis}
     * of real time. With no lag configured, writers wait here so that a GSI read after the write
     * returns sees it, as DynamoDB's sub-second propagation nearly always allows; the record
     * itself stays durable either way.
     */
    public void awaitApplied(long sequence, long maxWaitMillis) {
        byte[] key = log.recordKey(sequence);
        long left = TimeUnit.MILLISECONDS.toNanos(maxWaitMillis);
        try {
            while (running && left > 0) {
                long seen = progress;
                if (storage.get(key) == null) return;
                left = awaitProgress(seen, () -> false, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits until every record below {@code sequence} has been applied (those of items whose
     * writes are under way are not yet in the log, and count as applied), for at most about
     * {@code maxWaitMillis} of real time. True if they are. A node lending items to another node's
     * transaction waits here first (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS).
     */
    public boolean awaitAppliedBefore(long sequence, long maxWaitMillis) {
        long left = TimeUnit.MILLISECONDS.toNanos(maxWaitMillis);
        try {
            while (running && left > 0) {
                long seen = progress;
                if (appliedBefore(sequence)) return true;
                wake();
                left = awaitProgress(seen, () -> false, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return appliedBefore(sequence);
    }

    /**
     * Waits until the log is empty, for at most {@code maxWait} of real time (tests and
     * benchmarks; records must be due for this to happen). True if it is empty.
     */
    public boolean awaitIdle(Duration maxWait) throws InterruptedException {
        long left = maxWait.toNanos();
        while (running && left > 0) {
            long seen = progress;
            if (idle()) return true;
            wake();
            left = awaitProgress(seen, () -> false, left);
        }
        return idle();
    }

    /** True when changes are due as soon as they are written. */
    public boolean immediate() { return lagMillis == 0; }

    private void applyOne(GsiChangeLog.Mutation m, LongPredicate live, WriteBatch batch,
                          Map<ByteBuffer, byte[]> written, Map<Long, long[]> stats) {
        if (!live.test(m.keyspaceId())) return;
        ByteBuffer k = ByteBuffer.wrap(m.key());
        byte[] old = written.containsKey(k) ? written.get(k) : storage.get(m.key());
        long[] d = stats.computeIfAbsent(m.keyspaceId(), x -> new long[2]);
        if (old != null) {
            d[0]--;
            d[1] -= ItemSize.of(ItemCodec.decode(old));
        }
        if (m.value() != null) {
            d[0]++;
            d[1] += ItemSize.of(ItemCodec.decode(m.value()));
            batch.put(m.key(), m.value());
        } else {
            batch.delete(m.key());
        }
        written.put(k, m.value());
    }

    private void run() {
        long retryMillis = 0;
        while (running) {
            long waitMillis;
            try {
                long nextDue = drain().nextDueMillis();
                retryMillis = 0;
                waitMillis = nextDue == NOTHING_PENDING ? -1 : Math.max(1, nextDue - clock.millis());
            } catch (RuntimeException e) { // storage closed under us, or a transient failure: retry, backing off, until stopped
                if (!running) return;
                retryMillis = retryMillis == 0 ? FIRST_RETRY_MILLIS : Math.min(2 * retryMillis, MAX_RETRY_MILLIS);
                waitMillis = retryMillis;
            }
            try {
                awaitWork(waitMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Sleeps until a wake, or for {@code millis} of real time (forever if negative); consumes the wake. */
    private void awaitWork(long millis) throws InterruptedException {
        lock.lock();
        try {
            if (!wakeups && running) {
                if (millis < 0) recordsAdded.await();
                else recordsAdded.await(millis, TimeUnit.MILLISECONDS);
            }
            wakeups = false;
        } finally {
            lock.unlock();
        }
    }

    /** Stops the thread without draining: pending records stay durable for the next start. */
    @Override public void close() {
        lock.lock();
        try {
            running = false;
            recordsAdded.signalAll();
            progressed.signalAll();
        } finally {
            lock.unlock();
        }
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
