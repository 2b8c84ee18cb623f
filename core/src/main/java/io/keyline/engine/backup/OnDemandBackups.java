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
 * being restored from cannot be deleted. A SYSTEM backup (taken when a table with point-in-time
 * recovery is deleted) expires 35 days after it was taken: it is removed when next looked at.
 * Thread-safe.
 */
final class OnDemandBackups {
    /** A backup a user took (CreateBackup). */
    static final String USER = "USER";
    /** A backup DynamoDB took itself: DeleteTable of a table with point-in-time recovery on (docs/RULES.md#BACKUP-SYSTEM). */
    static final String SYSTEM = "SYSTEM";
    /** docs/RULES.md#BACKUP-SYSTEM: a system backup is kept 35 days. */
    static final Duration SYSTEM_RETENTION = Duration.ofDays(35);

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

    /** Backs {@code table} up under {@code name} as a backup of {@code type} (USER or SYSTEM); returns the complete backup. */
    StoredBackup create(TableMetadata table, String name, String type) {
        long keyspace = catalog.allocateKeyspace();
        Instant now = clock.now();
        StoredBackup started = new StoredBackup(keyspace, BackupCatalog.arn(table.arn(), now, keyspace, name), name, type, now,
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

    /** The complete backup with this ARN, or null (also once it has expired). */
    StoredBackup get(String arn) {
        StoredBackup b = backups.get(arn);
        if (b != null && expired(b)) {
            delete(b);
            return null;
        }
        return b != null && b.complete() ? b : null;
    }

    /** When a backup goes by itself: a SYSTEM backup 35 days after it was taken (docs/RULES.md#BACKUP-SYSTEM); null for a USER backup. */
    static Instant expiry(StoredBackup b) {
        return b.type().equals(SYSTEM) ? b.created().plus(SYSTEM_RETENTION) : null;
    }

    private boolean expired(StoredBackup b) {
        Instant expiry = expiry(b);
        return expiry != null && !clock.now().isBefore(expiry);
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

    List<StoredBackup> list(Namespace ns, Predicate<StoredBackup> filter) {
        for (StoredBackup b : backups.list(ns, this::expired)) delete(b);
        return backups.list(ns, filter);
    }

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
