package io.keyline.engine.index;

import io.keyline.engine.catalog.Catalog;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.Namespace;
import io.keyline.engine.store.ItemStore;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.storage.Storage;
import io.keyline.time.Clock;

/**
 * The secondary-index services of one engine: maintenance on every write (installed as the item
 * store's write hook), the GSI propagator thread, item-collection sizes and online backfills.
 * Building it starts the propagator (which first applies whatever an earlier run left in the
 * change log) and resumes the backfill of every GSI left CREATING. Thread-safe.
 */
public final class Indexes implements AutoCloseable {
    private final Storage storage;
    private final Catalog catalog;
    private final Clock clock;
    private final GsiChangeLog log;
    private final GsiPropagator propagator;
    private final ItemCollections collections;
    private final Backfill backfill;

    public Indexes(Storage storage, Catalog catalog, ItemStore items, Clock clock, Settings settings) {
        this(storage, catalog, items, clock, settings, -1, () -> true);
    }

    /**
     * With several processes on one storage: this process writes GSI change log {@code logId}
     * (negative: the one-process log) and applies it only while {@code holdsLog} (its lease).
     */
    public Indexes(Storage storage, Catalog catalog, ItemStore items, Clock clock, Settings settings, long logId,
                   java.util.function.BooleanSupplier holdsLog) {
        this.storage = storage;
        this.catalog = catalog;
        this.clock = clock;
        this.log = new GsiChangeLog(storage, logId);
        this.propagator = new GsiPropagator(storage, log, catalog, clock, settings.gsiLag());
        propagator.applyOnlyWhile(holdsLog);
        this.collections = new ItemCollections(storage, settings.itemCollectionLimitBytes());
        this.backfill = new Backfill(storage, catalog, items, clock, log, propagator);
        items.setHook(new IndexMaintenance(catalog, clock, log, propagator, collections));
        propagator.start();
        for (TableMetadata t : catalog.all()) {
            if (t.status() != TableStatus.ACTIVE) continue;
            for (IndexMetadata g : t.globalIndexes()) if (g.status() == TableStatus.CREATING) startBackfill(t, g);
        }
    }

    /**
     * After the storage reopened in place (docs/RULES.md#STORAGE-RECOVERY-RESTART): the propagator
     * is woken rather than left to its retry pause. Nothing else is rebuilt here, and why: the
     * change log's floor cannot have passed a record of a write reported failed (the storage went
     * down before that write's caller settled its batch, so no drain ran between the failure and
     * the reopen, and every drain since reads the reopened data from the floor); a backfill cut
     * short starts over by itself once the storage serves ({@link Backfill}).
     */
    public void recoverAfterReopen() {
        propagator.wake();
    }

    public GsiPropagator propagator() { return propagator; }

    /**
     * A propagator of another process's shared log {@code logId} (a dead process's, under a
     * lease this one took): not started; the caller drains it with {@link GsiPropagator#applyDue}
     * while {@code permit} (its lease) holds. Its records are due at once.
     */
    public GsiPropagator adopt(long logId, java.util.function.BooleanSupplier permit) {
        GsiPropagator p = new GsiPropagator(storage, new GsiChangeLog(storage, logId), catalog, clock, java.time.Duration.ZERO);
        p.applyOnlyWhile(permit);
        return p;
    }

    /** An adopted log has been drained: its floor hint goes (docs/CLUSTER.md, "GSI change records"). */
    public void drained(long logId) {
        if (logId >= 0) GsiChangeLog.forgetHint(storage, logId);
    }

    /** The ids of the shared GSI change logs that hold records now, in order (-1: the one-process log): one seek per log. */
    public java.util.List<Long> sharedLogsWithRecords() { return GsiChangeLog.sharedLogsWithRecords(storage); }

    /** The GSI change log: {@link GsiChangeLog#oldestUnapplied} tells how far propagation lags. */
    public GsiChangeLog changeLog() { return log; }

    public ItemCollections collections() { return collections; }

    /** The backfills, for tests of this package that watch one run. */
    Backfill backfill() { return backfill; }

    /** Starts the backfill of a GSI that UpdateTable just added as CREATING to {@code table}. */
    public void startBackfill(TableMetadata table, IndexMetadata index) {
        backfill.start(table.namespace(), table.name(), index.keyspaceId());
    }

    /**
     * Whether a write to the named table of namespace {@code ns} waits, after committing, for its
     * GSI changes to be applied: with no lag set, a table with GSIs. False for an unknown table
     * (its write fails fast).
     */
    public boolean writesWait(Namespace ns, Object tableName) {
        if (!propagator.immediate() || !(tableName instanceof String name)) return false;
        TableMetadata t = catalog.get(ns, name);
        return t != null && !t.globalIndexes().isEmpty();
    }

    /** True while one of the table's GSIs is being backfilled. */
    public boolean backfilling(TableMetadata table) { return backfill.running(table); }

    /**
     * Waits until every GSI backfill has ended (its index ACTIVE, or dropped), for at most
     * {@code maxWait} of real time; true if none runs. For tests, tools and benchmarks.
     */
    public boolean awaitBackfills(java.time.Duration maxWait) throws InterruptedException { return backfill.awaitFinished(maxWait); }

    /** Applies every GSI change that is due now, on the calling thread (tests, benchmarks). */
    public void propagateDue() { propagator.applyDue(); }

    /** Stops the background threads; pending GSI changes stay in the durable log. */
    @Override public void close() {
        backfill.close();
        propagator.close();
    }
}
