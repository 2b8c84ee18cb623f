package io.keyline.engine.backup;

import io.keyline.engine.catalog.Catalog;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.TableMetadata;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * On-demand backups (docs/RULES.md#BACKUP-CONSISTENT): taking one copies the table's items from
 * one storage snapshot into a keyspace of the backup's own, with the table's definition; its
 * record says CREATING-and-incomplete until the copy is whole, then complete. The backup shows
 * CREATING until the table create delay has passed after it was taken, AVAILABLE after. A backup
 * being restored from cannot be deleted. Thread-safe.
 */
final class OnDemandBackups {
    private final Storage storage;
    private final Catalog catalog;
    private final Clock clock;
    private final Duration createDelay;
    private final BackupCatalog backups;
    private final Set<String> restoring = ConcurrentHashMap.newKeySet();

    OnDemandBackups(Storage storage, Catalog catalog, Clock clock, Duration createDelay) {
        this.storage = storage;
        this.catalog = catalog;
        this.clock = clock;
        this.createDelay = createDelay.isNegative() ? Duration.ZERO : createDelay;
        this.backups = new BackupCatalog(storage);
    }

    /** Backs {@code table} up under {@code name}; returns the complete backup. */
    StoredBackup create(TableMetadata table, String name) {
        long keyspace = catalog.allocateKeyspace();
        Instant now = clock.now();
        StoredBackup started = new StoredBackup(keyspace, BackupCatalog.arn(table.arn(), now, keyspace, name), name, "USER", now,
                now.plus(createDelay), false, 0, 0, table);
        backups.put(started);
        try {
            KeyspaceCopy.Copied copied;
            try (Snapshot snapshot = storage.snapshot()) {
                copied = KeyspaceCopy.copy(snapshot, table.keyspaceId(), storage, keyspace);
            }
            StoredBackup done = started.completed(copied.sizeBytes(), copied.items());
            backups.put(done);
            return done;
        } catch (RuntimeException | Error e) {
            backups.remove(started);
            throw e;
        }
    }

    /** The complete backup with this ARN, or null. */
    StoredBackup get(String arn) {
        StoredBackup b = backups.get(arn);
        return b != null && b.complete() ? b : null;
    }

    /** CREATING until its create delay has passed, then AVAILABLE. */
    boolean available(StoredBackup b) { return !clock.now().isBefore(b.availableAt()); }

    /** Deletes the backup; false if it is being restored from (it stays). */
    boolean delete(StoredBackup b) {
        synchronized (restoring) {
            if (restoring.contains(b.arn())) return false;
            backups.remove(b);
            return true;
        }
    }

    List<StoredBackup> list(Namespace ns, Predicate<StoredBackup> filter) { return backups.list(ns, filter); }

    /** Marks the backup in use by a restore until {@link #restored}; false if it was deleted meanwhile. */
    boolean restoring(StoredBackup b) {
        synchronized (restoring) {
            if (backups.get(b.arn()) != b) return false;
            restoring.add(b.arn());
            return true;
        }
    }

    void restored(StoredBackup b) { restoring.remove(b.arn()); }

    Snapshot snapshot() { return storage.snapshot(); }
}
