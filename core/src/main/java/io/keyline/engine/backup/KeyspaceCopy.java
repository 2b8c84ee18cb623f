package io.keyline.engine.backup;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.ReadView;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;

/**
 * Copies every entry of one keyspace, as a snapshot sees it, into another keyspace under the
 * same key suffixes, in batches of {@link #ENTRIES_PER_BATCH}: the storage part of a backup and
 * of point-in-time recovery's first base. The copy is not atomic; the record that makes it
 * visible is written only after it (and, when it is cut short, start-up removes the keyspace).
 * Stateless.
 */
final class KeyspaceCopy {
    static final int ENTRIES_PER_BATCH = 1_000;

    /** What was copied: items, and their size by DynamoDB's rules. */
    record Copied(long items, long sizeBytes) {}

    private KeyspaceCopy() {}

    static Copied copy(ReadView from, long fromKeyspace, Storage to, long toKeyspace) {
        long items = 0;
        long size = 0;
        byte[] prefix = Keyspaces.prefix(toKeyspace);
        WriteBatch batch = new WriteBatch();
        try (Cursor c = from.range(Keyspaces.prefix(fromKeyspace), Keyspaces.end(fromKeyspace), false)) {
            while (c.next()) {
                byte[] key = c.key();
                byte[] moved = key.clone();
                System.arraycopy(prefix, 0, moved, 0, Keyspaces.PREFIX_LENGTH);
                batch.put(moved, c.value());
                items++;
                size += ItemSize.of(ItemCodec.decode(c.value()));
                if (batch.size() >= ENTRIES_PER_BATCH) {
                    to.write(batch);
                    batch = new WriteBatch();
                }
            }
        }
        if (!batch.isEmpty()) to.write(batch);
        return new Copied(items, size);
    }

    /** Removes every entry of the keyspace. */
    static void drop(WriteBatch batch, long keyspace) {
        batch.deleteRange(Keyspaces.prefix(keyspace), Keyspaces.end(keyspace));
    }
}
