package io.keyline.engine.backup;

import io.keyline.metadata.TableMetadata;
import java.time.Instant;

/**
 * One on-demand backup as stored: its copy of the table's items lives in {@code keyspace}.
 * {@code complete} is false only while the copy is being made; a record found so at start-up is a
 * backup cut short, and is removed with its keyspace. Immutable.
 *
 * @param availableAt when the backup turns from CREATING to AVAILABLE (the table create delay
 *                    after it was taken)
 * @param source      the table's definition when the backup was taken
 */
record StoredBackup(long keyspace, String arn, String name, String type, Instant created, Instant availableAt,
                    boolean complete, long sizeBytes, long itemCount, TableMetadata source) {

    StoredBackup completed(long size, long count) {
        return new StoredBackup(keyspace, arn, name, type, created, availableAt, true, size, count, source);
    }
}
