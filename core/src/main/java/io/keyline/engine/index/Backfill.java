package io.keyline.engine.index;

import io.keyline.engine.catalog.Catalog;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.Namespace;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.catalog.TableStatistics;
import io.keyline.metadata.TableStatus;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.api.KeyRange;
import io.keyline.capacity.Units;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.StorageHealth;
import io.keyline.storage.StorageUnavailableException;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Online creation of a GSI: fills the new index from the items already in the table while
 * writes go on, then makes it ACTIVE. One background thread per backfill.
 *
 * <p>Why no item is missed and none is left indexed wrongly. When the backfill starts, the
 * index is already in the catalog as CREATING, and {@link IndexMaintenance} reads the indexes to
 * maintain from the catalog under each item's lock; so once {@link ItemStore#awaitWritesInFlight}
 * has returned, every write that commits from then on also writes a change record for the new
 * index. The backfill then takes a storage snapshot: an item written before it is in the
 * snapshot, an item written after it has change records. The snapshot only names the keys to
 * visit: for each batch of them the backfill takes the items' locks, reads their <em>current</em>
 * images and appends one change record putting their entries, so its records fall into each
 * item's sequence of records at the right place: a later write's record (which deletes or
 * replaces that entry) comes after it, an earlier one before it. The propagator applies all
 * records in order, idempotently, so after the last record the index holds exactly the entries
 * of the current items, and the index becomes ACTIVE once every record up to the end of the
 * scan is applied. Items whose key has the wrong type or is too long are skipped, as DynamoDB
 * does. If the index is deleted meanwhile, the backfill stops.
 *
 * <p>Progress for the metrics ({@link #progress()}: OnlineIndexPercentageProgress and
 * OnlineIndexConsumedWriteCapacity): the items the table held when the scan began, the items
 * scanned since, and the write units the entries written cost (docs/RULES.md#CAP-INDEX-ENTRY),
 * kept per index until the index is gone or backfilled again. The backfill is not admitted on the
 * index's partitions, so it is never throttled (OnlineIndexThrottleEvents stays 0).
 *
 * <p>Thread-safe. Progress lives in the index's {@link TableStatistics} (backfilling flag). A
 * backfill waiting for its records sleeps on the propagator's progress ({@link
 * GsiPropagator#awaitProgress}), never polls; {@link #close} wakes it.
 */
public final class Backfill implements AutoCloseable {
    /** Items read and indexed under one lock acquisition and one change record. */
    static final int ITEMS_PER_CHUNK = 128;
    /**
     * Waiting for its records, a backfill wakes on each applied batch and at close; this bounds
     * the wait (real time) only so that an index dropped while its records wait for a GSI lag
     * that no one advances is still noticed.
     */
    private static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How often a backfill that is done but inside its create delay looks at the clock (real time). */
    private static final long CLOCK_RECHECK_MILLIS = 5;

    private final Storage storage;
    private final Catalog catalog;
    private final ItemStore items;
    private final Clock clock;
    private final GsiChangeLog log;
    private final GsiPropagator propagator;
    private final Set<Thread> running = ConcurrentHashMap.newKeySet();
    private final Set<Long> inProgress = ConcurrentHashMap.newKeySet();
    /** By index keyspace: the progress of its latest backfill. */
    private final Map<Long, Counter> progress = new ConcurrentHashMap<>();

    /**
     * How far the latest backfill of one index has come.
     *
     * @param itemsToScan  the table's items when the scan began (its item count then)
     * @param itemsScanned items read so far
     * @param writeUnits   write units of the index entries written so far
     * @param done         the scan is over (the index may still wait for its records)
     */
    public record Progress(Namespace namespace, String table, long indexKeyspaceId, long itemsToScan, long itemsScanned,
                           double writeUnits, boolean done) {
        /** Percent of the table scanned: 100 when done, and for an empty table. */
        public double percent() {
            if (done || itemsToScan == 0) return 100;
            return Math.min(99.9, 100.0 * itemsScanned / itemsToScan);
        }
    }

    /** A running backfill's counters: written by its thread, read by the metrics sampler. */
    private static final class Counter {
        final Namespace ns;
        final String table;
        final long itemsToScan;
        volatile long scanned;
        volatile double units;
        volatile boolean done;

        Counter(Namespace ns, String table, long itemsToScan) {
            this.ns = ns;
            this.table = table;
            this.itemsToScan = itemsToScan;
        }
    }
    private volatile boolean closed;
    private volatile Observer observer = new Observer() {};
    /** Signalled each time a backfill thread ends (see {@link #awaitFinished}). */
    private final ReentrantLock finishedLock = new ReentrantLock();
    private final Condition finished = finishedLock.newCondition();

    public Backfill(Storage storage, Catalog catalog, ItemStore items, Clock clock, GsiChangeLog log, GsiPropagator propagator) {
        this.storage = storage;
        this.catalog = catalog;
        this.items = items;
        this.clock = clock;
        this.log = log;
        this.propagator = propagator;
    }

    /**
     * A test's view of a running backfill, called on its thread: after each chunk of items is
     * indexed and when the scan is over (before waiting for its records to be applied). A test
     * blocks in it to hold the scan open while it writes, which proves its writes fell inside.
     */
    interface Observer {
        default void chunkIndexed() {}

        default void scanned() {}
    }

    /** Installs {@code o} for the backfills that start or continue from now on (tests). */
    void observe(Observer o) { observer = o; }

    /** Starts backfilling {@code index} (already CREATING in the catalog) of table {@code tableName} of namespace {@code ns}. */
    public void start(Namespace ns, String tableName, long indexKeyspaceId) {
        if (!inProgress.add(indexKeyspaceId)) return;
        catalog.statistics(indexKeyspaceId).setBackfilling(Boolean.FALSE);
        Thread t = new Thread(() -> {
            try {
                runThroughReopens(ns, tableName, indexKeyspaceId);
            } finally {
                inProgress.remove(indexKeyspaceId);
                running.remove(Thread.currentThread());
                finishedLock.lock();
                try {
                    finished.signalAll();
                } finally {
                    finishedLock.unlock();
                }
            }
        }, "keyline-gsi-backfill-" + indexKeyspaceId);
        t.setDaemon(true);
        running.add(t);
        t.start();
    }

    /** True while a backfill of one of the table's indexes runs (the table may not be deleted). */
    public boolean running(TableMetadata table) {
        for (IndexMetadata g : table.globalIndexes()) if (inProgress.contains(g.keyspaceId())) return true;
        return false;
    }

    /**
     * Waits until no backfill runs, for at most {@code maxWait} of real time; true if none does.
     * For tests and tools that need an index ACTIVE before going on.
     */
    public boolean awaitFinished(Duration maxWait) throws InterruptedException {
        finishedLock.lock();
        try {
            long left = maxWait.toNanos();
            while (!inProgress.isEmpty() && left > 0) left = finished.awaitNanos(left);
            return inProgress.isEmpty();
        } finally {
            finishedLock.unlock();
        }
    }

    /** Runs one backfill on the calling thread. */
    /**
     * {@link #run}, again from the start if the storage failed under it and has reopened in place
     * (or is reopening): a restart would resume it, so a reopen must too
     * (docs/RULES.md#STORAGE-RECOVERY-RESTART). Starting over is safe: the records it wrote put
     * the current items' entries, as the next run's do. Any other failure ends it, as before.
     */
    private void runThroughReopens(Namespace ns, String tableName, long indexKeyspaceId) {
        while (true) {
            long recoveries = storage.health().recoveries();
            try {
                run(ns, tableName, indexKeyspaceId);
                return;
            } catch (StorageUnavailableException down) {
                // refused, untouched, while the storage reopens: wait for it below
            } catch (StorageException e) {
                StorageHealth now = storage.health();
                if (now.serving() && now.recoveries() == recoveries) throw e; // not a failure a reopen clears
            }
            while (!closed && !storage.health().serving()) {
                try {
                    Thread.sleep(CLOCK_RECHECK_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (closed) return;
        }
    }

    void run(Namespace ns, String tableName, long indexKeyspaceId) {
        TableStatistics stats = catalog.statistics(indexKeyspaceId);
        items.awaitWritesInFlight();
        stats.setBackfilling(Boolean.TRUE);
        TableMetadata table = catalog.get(ns, tableName);
        if (table == null || index(table, indexKeyspaceId) == null) return;
        Counter counter = new Counter(ns, tableName, catalog.statistics(table.keyspaceId()).itemCount());
        progress.put(indexKeyspaceId, counter);
        KeyRange range = KeyCodec.keyspaceRange(table.keyspaceId());
        try (Snapshot snapshot = storage.snapshot(); Cursor c = snapshot.range(range.start(), range.end(), false)) {
            List<byte[]> chunk = new ArrayList<>(ITEMS_PER_CHUNK);
            while (c.next()) {
                chunk.add(c.key());
                if (chunk.size() == ITEMS_PER_CHUNK) {
                    if (!index(ns, tableName, table.keyspaceId(), indexKeyspaceId, chunk, counter)) return;
                    chunk.clear();
                }
            }
            if (!chunk.isEmpty() && !index(ns, tableName, table.keyspaceId(), indexKeyspaceId, chunk, counter)) return;
        }
        counter.done = true;
        long end = log.nextSequence(); // every record up to the scan's end has a lower sequence
        observer.scanned();
        if (!awaitPropagated(ns, tableName, table.keyspaceId(), indexKeyspaceId, end)) return;
        if (!awaitCreateDelay(ns, tableName, table.keyspaceId(), indexKeyspaceId)) return;
        activate(ns, tableName, table.keyspaceId(), indexKeyspaceId);
        stats.setBackfilling(null);
    }

    /**
     * Waits, on the propagator's progress, until every record below sequence {@code end} (the
     * scan's and the live writes' before its end) is applied; false if the backfill was closed, the index or
     * table dropped, or the thread interrupted. Wakes the propagator first: the scan's last
     * records may not have been seen yet.
     */
    private boolean awaitPropagated(Namespace ns, String tableName, long tableKeyspaceId, long indexKeyspaceId, long end) {
        propagator.wake();
        try {
            while (true) {
                long seen = propagator.progress();
                if (propagator.appliedBefore(end)) return true;
                if (closed || current(ns, tableName, tableKeyspaceId, indexKeyspaceId) == null) return false;
                propagator.awaitProgress(seen, () -> closed, RECHECK_NANOS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits, on the engine's clock, until the index may become ACTIVE: an index added under a
     * create delay stays CREATING that long, even when there was nothing to backfill
     * (docs/RULES.md#GSI-BACKFILL). The clock may be a manual one that only a test moves, so the
     * wait looks at it every {@link #CLOCK_RECHECK_MILLIS} of real time. False if the backfill
     * was closed, the index or table dropped, or the thread interrupted.
     */
    private boolean awaitCreateDelay(Namespace ns, String tableName, long tableKeyspaceId, long indexKeyspaceId) {
        while (true) {
            if (closed) return false;
            TableMetadata t = current(ns, tableName, tableKeyspaceId, indexKeyspaceId);
            if (t == null) return false;
            java.time.Instant until = index(t, indexKeyspaceId).statusUntil();
            if (until == null || !clock.now().isBefore(until)) return true;
            try {
                Thread.sleep(CLOCK_RECHECK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** Indexes the current images of these items; false if the index or table is gone. */
    private boolean index(Namespace ns, String tableName, long tableKeyspaceId, long indexKeyspaceId, List<byte[]> keys,
                          Counter counter) {
        if (closed) return false;
        TableMetadata table = current(ns, tableName, tableKeyspaceId, indexKeyspaceId);
        if (table == null) return false;
        IndexMetadata index = index(table, indexKeyspaceId);
        double[] units = {0};
        items.withItemsLocked(keys, () -> {
            List<IndexEntries.Put> puts = new ArrayList<>(keys.size());
            for (byte[] value : storage.multiGet(keys)) {
                if (value == null) continue;
                Map<String, AttributeValue> item = ItemCodec.decode(value);
                IndexKeys.IndexKey key = IndexKeys.of(index, item);
                if (key == null || !IndexKeys.withinSizeLimits(key)) continue;
                Map<String, AttributeValue> entry = IndexEntries.project(table, index, item);
                puts.add(new IndexEntries.Put(IndexEntries.storageKey(table, index, item), entry));
                units[0] += Units.indexWrite(ItemSize.of(entry));
            }
            WriteBatch batch = new WriteBatch();
            try {
                if (log.append(batch, clock.millis(), List.of(new IndexEntries.Delta(index, List.of(), puts))) >= 0) storage.write(batch);
            } finally {
                log.settle(batch);
            }
        });
        counter.scanned += keys.size(); // one writer: this backfill's thread
        counter.units += units[0];
        propagator.wake();
        observer.chunkIndexed();
        return true;
    }

    private void activate(Namespace ns, String tableName, long tableKeyspaceId, long indexKeyspaceId) {
        catalog.update(ns, tableName, t -> {
            if (t.keyspaceId() != tableKeyspaceId) return t;
            List<IndexMetadata> gsis = new ArrayList<>();
            for (IndexMetadata g : t.globalIndexes()) {
                gsis.add(g.keyspaceId() == indexKeyspaceId && g.status() == TableStatus.CREATING ? g.activated() : g);
            }
            return t.toBuilder().globalIndexes(gsis).build();
        });
    }

    private TableMetadata current(Namespace ns, String tableName, long tableKeyspaceId, long indexKeyspaceId) {
        TableMetadata t = catalog.get(ns, tableName);
        return t != null && t.keyspaceId() == tableKeyspaceId && index(t, indexKeyspaceId) != null ? t : null;
    }

    private static IndexMetadata index(TableMetadata table, long indexKeyspaceId) {
        for (IndexMetadata g : table.globalIndexes()) if (g.keyspaceId() == indexKeyspaceId) return g;
        return null;
    }

    /**
     * The progress of each index's latest backfill, running or done, for indexes still in the
     * catalog (the others are forgotten here).
     */
    public List<Progress> progress() {
        List<Progress> out = new ArrayList<>();
        for (Map.Entry<Long, Counter> e : progress.entrySet()) {
            Counter c = e.getValue();
            TableMetadata t = catalog.get(c.ns, c.table);
            if (t == null || index(t, e.getKey()) == null) {
                progress.remove(e.getKey(), c);
                continue;
            }
            out.add(new Progress(c.ns, c.table, e.getKey(), c.itemsToScan, c.scanned, c.units, c.done));
        }
        return out;
    }

    /** Stops running backfills; an index left CREATING is backfilled again at the next start. */
    @Override public void close() {
        closed = true;
        propagator.releaseWaiters(); // a backfill waiting for its records sees closed at once
        for (Thread t : running) {
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
