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
import java.util.function.Consumer;

/**
 * Restores into a new table, from a backup or a point in time (docs/RULES.md#BACKUP-RESTORE): the
 * table is created CREATING with no end set (the catalog's restoring mark), where it takes no
 * reads or writes; its RestoreSummary is stored; its items are loaded ({@link TableLoader}); then
 * it becomes ACTIVE after the table create delay. A restore that fails is undone (the table
 * deleted); one cut short by a crash is found at start-up by its mark and deleted, so a restored
 * table exists whole or not at all. Thread-safe: each restore works on its own new table.
 */
public final class Restores {
    /** Keeps the rest of the engine in step with the tables a restore creates and deletes (capacity). */
    public interface Tables {
        void created(TableMetadata table);

        void deleted(TableMetadata table);
    }

    private final Storage storage;
    private final Catalog catalog;
    private final ItemStore items;
    private final Clock clock;
    private final Duration createDelay;
    private final Tables tables;
    private final Map<Long, RestoreRecord> byTable = new ConcurrentHashMap<>();

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
     * Creates table {@code spec} in {@code ns} and fills it with {@code fill}; null if the name
     * is taken (the caller words the error). Returns the table as it is once loaded.
     */
    TableMetadata restore(Namespace ns, NewTable spec, String backupArn, String sourceTableArn, Instant restoreTime,
                          Consumer<TableLoader> fill) {
        TableMetadata created = catalog.create(ns, spec, true);
        if (created == null) return null;
        tables.created(created);
        try {
            RestoreRecord record = new RestoreRecord(created.keyspaceId(), backupArn, sourceTableArn, restoreTime);
            storage.write(new WriteBatch().put(BackupLayout.key(BackupLayout.RESTORE_TAG, created.keyspaceId()), BackupLayout.encode(record)));
            byTable.put(created.keyspaceId(), record);
            TableLoader loader = new TableLoader(items, created);
            fill.accept(loader);
            loader.finish();
            Instant ready = clock.now().plus(createDelay);
            return catalog.update(ns, spec.name(), t -> t.toBuilder().statusUntil(ready).build()).resolvedAt(clock.now());
        } catch (RuntimeException | Error e) {
            undo(created);
            throw e;
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

    /** Start-up: restores a crash cut short are deleted; summaries of tables gone are dropped. */
    private void load() {
        for (TableMetadata t : catalog.all()) {
            if (t.status() == TableStatus.CREATING && t.statusUntil() == null) catalog.delete(t.namespace(), t.name(), x -> {});
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
