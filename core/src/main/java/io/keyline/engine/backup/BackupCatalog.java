package io.keyline.engine.backup;

import io.keyline.metadata.Namespace;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The on-demand backups of every namespace: ARN → {@link StoredBackup}, persisted in keyspace 0
 * ({@link BackupLayout}) and reloaded at start-up, when a backup whose copy was never finished
 * is removed with its keyspace (so a crash in the middle of a backup leaves no backup, or a
 * whole one). Thread-safe: a concurrent map; each change writes storage before it is published.
 */
final class BackupCatalog {
    private final Storage storage;
    private final Map<String, StoredBackup> byArn = new ConcurrentHashMap<>();

    BackupCatalog(Storage storage) {
        this.storage = storage;
        load();
    }

    StoredBackup get(String arn) { return arn == null ? null : byArn.get(arn); }

    /** Stores {@code b} (new, or a change of one) before it becomes visible. */
    void put(StoredBackup b) {
        storage.write(new WriteBatch().put(BackupLayout.key(BackupLayout.BACKUP_TAG, b.keyspace()), BackupLayout.encode(b)));
        byArn.put(b.arn(), b);
    }

    /** Removes {@code b}'s record and its copy of the items, in one batch. */
    void remove(StoredBackup b) {
        WriteBatch batch = new WriteBatch().delete(BackupLayout.key(BackupLayout.BACKUP_TAG, b.keyspace()));
        KeyspaceCopy.drop(batch, b.keyspace());
        storage.write(batch);
        byArn.remove(b.arn(), b);
    }

    /** The complete backups of namespace {@code ns} that {@code filter} accepts, oldest first (then by ARN). */
    List<StoredBackup> list(Namespace ns, Predicate<StoredBackup> filter) {
        List<StoredBackup> out = new ArrayList<>();
        for (StoredBackup b : byArn.values()) {
            if (b.complete() && ns.equals(Namespace.ofArn(b.arn())) && filter.test(b)) out.add(b);
        }
        out.sort(Comparator.comparing(StoredBackup::created).thenComparing(StoredBackup::arn));
        return out;
    }

    /** The ARN of a new backup of table {@code tableArn}: DynamoDB's form, epoch millis and a suffix. */
    static String arn(String tableArn, Instant created, long keyspace, String name) {
        int suffix = (name + '|' + keyspace + '|' + created).hashCode();
        return tableArn + "/backup/" + String.format("%014d-%08x", created.toEpochMilli(), suffix);
    }

    private void load() {
        List<StoredBackup> unfinished = new ArrayList<>();
        try (Cursor c = storage.range(BackupLayout.tagStart(BackupLayout.BACKUP_TAG), BackupLayout.tagEnd(BackupLayout.BACKUP_TAG), false)) {
            while (c.next()) {
                StoredBackup b = BackupLayout.decodeBackup(c.value());
                if (b.complete()) byArn.put(b.arn(), b);
                else unfinished.add(b);
            }
        }
        for (StoredBackup b : unfinished) remove(b);
    }
}
