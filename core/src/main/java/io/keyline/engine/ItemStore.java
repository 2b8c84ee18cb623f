package io.keyline.engine;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.List;
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

    /**
     * Index maintenance (and anything else written with an item): runs under the item's lock
     * once the new image is known, may throw to refuse the write, adds its mutations to the
     * item's batch, and returns what to do once the batch is committed (or null).
     */
    public interface WriteHook {
        Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                              WriteBatch batch);

        WriteHook NONE = (table, oldItem, newItem, batch) -> null;
    }

    private final Storage storage;
    private final ItemLocks locks = new ItemLocks();
    private final WriteListener listener;
    private volatile WriteHook hook = WriteHook.NONE;

    public ItemStore(Storage storage, WriteListener listener) {
        this.storage = storage;
        this.listener = listener;
    }

    /** Installs the write hook; done once, by the engine, before any write. */
    public void setHook(WriteHook hook) { this.hook = hook; }

    /** Returns once every write in progress when called has committed or failed (a barrier). */
    public void awaitWritesInFlight() { locks.awaitCurrentHolders(); }

    /**
     * Runs {@code action} holding the locks of these items, so no write to them interleaves:
     * the action sees their current images and may write beside them.
     */
    public void withItemsLocked(List<byte[]> storageKeys, Runnable action) {
        int[] stripes = locks.stripesFor(storageKeys.toArray(new byte[0][]));
        locks.lockAll(stripes);
        try {
            action.run();
        } finally {
            locks.unlockAll(stripes);
        }
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
            Runnable afterCommit = hook.beforeCommit(table, oldItem, newItem, batch);
            storage.write(batch);
            if (afterCommit != null) afterCommit.run();
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
