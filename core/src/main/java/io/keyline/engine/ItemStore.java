package io.keyline.engine;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads and writes single items of a table. A write is a read-modify-write under the item's
 * lock: the caller's {@link Mutation} is a pure function of the old item (it may throw, e.g. a
 * failed condition, and nothing is written), and its result is stored in one atomic batch.
 * Thread-safe; concurrent writes to one item are serialized, reads never block.
 */
public final class ItemStore {
    /** What a write does with the old item: returns the new item, null to delete, or the old one unchanged. */
    @FunctionalInterface
    public interface Mutation {
        Map<String, AttributeValue> apply(Map<String, AttributeValue> oldItem);
    }

    /** Old and new images of one write; either may be null (absent). */
    public record WriteResult(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {}

    /** Told of every applied write, for statistics now and index maintenance and capacity later. */
    public interface WriteListener {
        void written(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem);
    }

    private final Storage storage;
    private final ItemLocks locks = new ItemLocks();
    private final WriteListener listener;

    public ItemStore(Storage storage, WriteListener listener) {
        this.storage = storage;
        this.listener = listener;
    }

    public Map<String, AttributeValue> get(TableMetadata table, PrimaryKey key) {
        byte[] bytes = storage.get(storageKey(table, key));
        return bytes == null ? null : ItemCodec.decode(bytes);
    }

    public WriteResult write(TableMetadata table, PrimaryKey key, Mutation mutation) {
        byte[] storageKey = storageKey(table, key);
        ReentrantLock lock = locks.lock(storageKey);
        try {
            byte[] oldBytes = storage.get(storageKey);
            Map<String, AttributeValue> oldItem = oldBytes == null ? null : ItemCodec.decode(oldBytes);
            Map<String, AttributeValue> newItem = mutation.apply(oldItem);
            if (newItem == oldItem) return new WriteResult(oldItem, oldItem);
            WriteBatch batch = new WriteBatch();
            if (newItem == null) batch.delete(storageKey);
            else batch.put(storageKey, ItemCodec.encode(newItem));
            storage.write(batch);
            listener.written(table, oldItem, newItem);
            return new WriteResult(oldItem, newItem);
        } finally {
            lock.unlock();
        }
    }

    static byte[] storageKey(TableMetadata table, PrimaryKey key) {
        return KeyCodec.itemKey(table.keyspaceId(), key.partition(), key.sort());
    }
}
