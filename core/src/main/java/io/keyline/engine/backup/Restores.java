package io.keyline.engine.backup;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Restores into a new table, from a backup or a point in time, in the background
 * (docs/RULES.md#BACKUP-RESTORE, docs/RULES.md#BACKUP-RESTORE-BACKGROUND): the request creates the
 * table CREATING with no end set (the catalog's restoring mark), where it takes no reads or
 * writes, stores its RestoreSummary, and returns; a worker loads its items ({@link TableLoader})
 * and then sets its end of CREATING (the table create delay later), so it turns ACTIVE only
 * whole. A load that fails is undone (the table deleted) and reported on the
 * {@code io.keyline.restore} logger. A load cut short by a crash or a shutdown leaves the mark:
 * start-up finds it and loads again from the start, from the same source (a backup's copy, or the
 * source table's recovery base and log up to the same instant), which writes every item to its
 * final image whatever the first attempt wrote; if that source is gone the table is deleted and
 * the failure reported. So a restored table is never ACTIVE and partial.
 *
 * <p>Threading: thread-safe. One daemon worker thread loads restores one after the other; each
 * restore works on its own new table; {@link #close} interrupts the worker, whose load stops at
 * its next batch and leaves the mark for the next start.
 */
public final class Restores implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("io.keyline.restore");

    /** Keeps the rest of the engine in step with the tables a restore creates and deletes (capacity). */
    public interface Tables {
        void created(TableMetadata table);

        void deleted(TableMetadata table);
    }

    /** What fills a restored table, with what it holds (a snapshot, a backup in use) released by {@link #close}. */
    interface Fill extends AutoCloseable {
        void into(TableLoader loader);

        @Override void close();
    }

    private final Storage storage;
    private final Catalog catalog;
    private final ItemStore items;
    private final Clock clock;
    private final Duration createDelay;
    private final Tables tables;
    private final Map<Long, RestoreRecord> byTable = new ConcurrentHashMap<>();
    /** Tables found restoring at start-up, resumed by {@link #resume}. */
    private final List<TableMetadata> unfinished = new ArrayList<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "keyline-restore");
        t.setDaemon(true);
        return t;
    });
    /** Restores submitted and not yet finished; guarded by itself. */
    private final int[] pending = new int[1];

    Restores(Storage storage, Catalog catalog, ItemStore items, Clock clock, Duration createDelay, Tables tables) {
        this.storage = storage;
        this.catalog = catalog;
        this.items = items;
        this.clock = clock;
        this.createDelay = createDelay.isNegative() ? Duration.ZERO : createDelay;
        this.tables = tables;
        load();
    }

    /** The RestoreSummary of the table stored in {@code keyspace}, or null if it was not restored. */
    RestoreRecord summary(long keyspace) { return byTable.get(keyspace); }

    /**
     * Creates table {@code spec} in {@code ns}, CREATING, and has the worker fill it with
     * {@code fill}, which this call owns from here (closed when the load ends, or at once when
     * there is no table); null if the name is taken (the caller words the error). Returns the
     * table as it is now, before its items are loaded.
     */
    TableMetadata restore(Namespace ns, NewTable spec, String backupArn, String sourceTableArn, Instant restoreTime, Fill fill) {
        TableMetadata created;
        try {
            created = catalog.create(ns, spec, true);
            if (created == null) {
                fill.close();
                return null;
            }
            tables.created(created);
        } catch (RuntimeException | Error e) {
            fill.close();
            throw e;
        }
        try {
            RestoreRecord record = new RestoreRecord(created.keyspaceId(), backupArn, sourceTableArn, restoreTime);
            storage.write(new WriteBatch().put(BackupLayout.key(BackupLayout.RESTORE_TAG, created.keyspaceId()), BackupLayout.encode(record)));
            byTable.put(created.keyspaceId(), record);
        } catch (RuntimeException | Error e) {
            fill.close();
            undo(created);
            throw e;
        }
        submit(created, fill);
        return created.resolvedAt(clock.now());
    }

    /**
     * Start-up, once the engine is ready for writes: the restores a crash or a shutdown cut short
     * are loaded again, each from the source {@code sources} gives for its record (null: the
     * source is gone, and the restore fails).
     */
    void resume(Function<RestoreRecord, Fill> sources) {
        for (TableMetadata t : unfinished) {
            RestoreRecord record = byTable.get(t.keyspaceId());
            Fill fill = record == null ? null : sources.apply(record);
            if (fill == null) {
                LOG.log(System.Logger.Level.ERROR, "restore of table " + t.name() + " cut short, and its source is gone: the table is deleted");
                undo(t);
            } else {
                submit(t, fill);
            }
        }
        unfinished.clear();
    }

    /** Waits until every restore submitted so far has finished, at most {@code timeout}; whether they have. */
    boolean await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (pending) {
            while (pending[0] > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return false;
                TimeUnit.NANOSECONDS.timedWait(pending, left);
            }
            return true;
        }
    }

    private void submit(TableMetadata table, Fill fill) {
        synchronized (pending) {
            pending[0]++;
        }
        try {
            worker.execute(() -> {
                try {
                    load(table, fill);
                } finally {
                    done();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            fill.close(); // shutting down: the mark stays, the next start loads it
            done();
        }
    }

    private void done() {
        synchronized (pending) {
            pending[0]--;
            pending.notifyAll();
        }
    }

    /** On the worker: loads the table, then ends its CREATING; undoes it on a failure, leaves it marked when interrupted. */
    private void load(TableMetadata table, Fill fill) {
        try (fill) {
            TableLoader loader = new TableLoader(items, table);
            fill.into(loader);
            loader.finish();
            Instant ready = clock.now().plus(createDelay);
            catalog.update(table.namespace(), table.name(), t -> t.toBuilder().statusUntil(ready).build());
        } catch (TableLoader.Interrupted stopped) {
            // shutting down: the mark stays, the next start loads the table again
        } catch (RuntimeException | Error e) {
            try {
                undo(table);
                LOG.log(System.Logger.Level.ERROR, "restore of table " + table.name() + " failed: the table is deleted", e);
            } catch (RuntimeException | Error again) {
                // the storage refuses writes (a dying process): the mark stays, the next start loads the table again
                LOG.log(System.Logger.Level.ERROR, "restore of table " + table.name()
                        + " failed and the storage refuses writes: the table stays CREATING, and the next start loads it again", e);
            }
        }
    }

    /** The table was deleted: its summary goes with it. */
    void forget(TableMetadata table) {
        if (byTable.remove(table.keyspaceId()) != null) {
            storage.write(new WriteBatch().delete(BackupLayout.key(BackupLayout.RESTORE_TAG, table.keyspaceId())));
        }
    }

    private void undo(TableMetadata created) {
        TableMetadata deleted = catalog.delete(created.namespace(), created.name(), t -> {});
        if (deleted != null) tables.deleted(deleted);
        forget(created);
    }

    /** Stops the worker: a load in progress stops at its next batch, leaving its table marked for the next start. */
    @Override public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Start-up: finds the restores a crash cut short (resumed by {@link #resume}); drops summaries of tables gone. */
    private void load() {
        for (TableMetadata t : catalog.all()) {
            if (t.status() == TableStatus.CREATING && t.statusUntil() == null) unfinished.add(t);
        }
        Set<Long> live = new HashSet<>();
        for (TableMetadata t : catalog.all()) if (t.status() != TableStatus.DELETING) live.add(t.keyspaceId());
        List<byte[]> stale = new ArrayList<>();
        try (Cursor c = storage.range(BackupLayout.tagStart(BackupLayout.RESTORE_TAG), BackupLayout.tagEnd(BackupLayout.RESTORE_TAG), false)) {
            while (c.next()) {
                long table = java.nio.ByteBuffer.wrap(c.key(), Keyspaces.PREFIX_LENGTH + 1, 8).getLong();
                if (live.contains(table)) byTable.put(table, BackupLayout.decodeRestore(table, c.value()));
                else stale.add(c.key());
            }
        }
        if (!stale.isEmpty()) {
            WriteBatch batch = new WriteBatch();
            stale.forEach(batch::delete);
            storage.write(batch);
        }
    }
}
