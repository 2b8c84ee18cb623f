package io.keyline.engine.store;

import io.keyline.engine.api.ItemRef;
import io.keyline.engine.api.Mutation;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.storage.Fence;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Reads and writes the items of tables. A single-item write is a read-modify-write under the item's
 * lock in two steps: the caller's {@link Mutation}, a pure function of the old item (it may
 * throw, e.g. a failed condition, and nothing is written), computes the new item; then an
 * {@link Admission} decides on the pair (old, new), where the capacity model charges the write
 * or refuses it by throwing; only then is the new item stored, in one atomic batch. Thread-safe;
 * concurrent writes to one item are serialized, reads never block.
 *
 * <p>Several items at once: {@link #writeAll} locks every item (see {@link ItemLocks} for how
 * it meets concurrent writers), reads them all, lets a pure {@link Plan} compute every new
 * image and stores them in one atomic batch, so readers see all of it or none of it;
 * {@link #getAll} reads several items from one storage snapshot.
 *
 * <p>Cluster mode ({@link #fenceWith}): each write's batch carries the term of this node's
 * ownership of the items' ranges, taken before the old items are read, so the storage writes it
 * only inside the term it was decided in (docs/RULES.md#CLUSTER-FENCE).
 */
public final class ItemStore {
    /**
     * The step between computing a write and storing it: sees the old and new images (either
     * may be null, and they may be the same image when the write changes nothing) and may throw
     * to refuse the write. Runs under the item's lock.
     */
    @FunctionalInterface
    public interface Admission {
        void admit(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem);

        Admission ADMIT_ALL = (oldItem, newItem) -> {};
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
     * item's batch, and returns what to do once the batch is committed (or null), which runs
     * after the item's lock is released.
     */
    public interface WriteHook {
        Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                              WriteBatch batch);

        /**
         * The same, given also the images as stored ({@link ItemCodec}; null where absent), for a
         * hook that writes an image again (a stream record) and need not encode it a second time.
         */
        default Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                                      byte[] oldEncoded, byte[] newEncoded, WriteBatch batch) {
            return beforeCommit(table, oldItem, newItem, batch);
        }

        /**
         * The batch that {@link #beforeCommit} was given has been written, or never will be (the
         * write failed, or a later step refused it); called once per batch, whatever happened,
         * before the items' locks are released.
         */
        default void settled(WriteBatch batch) {}

        WriteHook NONE = (table, oldItem, newItem, batch) -> null;

        /** This hook, then {@code next} (each may refuse the write by throwing); both are told when the batch settles. */
        default WriteHook andThen(WriteHook next) {
            WriteHook first = this;
            return new WriteHook() {
                @Override public Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem,
                                                       Map<String, AttributeValue> newItem, WriteBatch batch) {
                    return beforeCommit(table, oldItem, newItem, null, null, batch);
                }

                @Override public Runnable beforeCommit(TableMetadata table, Map<String, AttributeValue> oldItem,
                                                       Map<String, AttributeValue> newItem, byte[] oldEncoded, byte[] newEncoded,
                                                       WriteBatch batch) {
                    Runnable a = first.beforeCommit(table, oldItem, newItem, oldEncoded, newEncoded, batch);
                    Runnable b = next.beforeCommit(table, oldItem, newItem, oldEncoded, newEncoded, batch);
                    if (a == null) return b;
                    if (b == null) return a;
                    return () -> {
                        a.run();
                        b.run();
                    };
                }

                @Override public void settled(WriteBatch batch) {
                    try {
                        first.settled(batch);
                    } finally {
                        next.settled(batch);
                    }
                }
            };
        }
    }

    /**
     * What a multi-item write does: from the old images (null = absent), in the order of the
     * refs, the new images in the same order; an element identical ({@code ==}) to its old image
     * is left alone. May throw, and then nothing is written.
     */
    @FunctionalInterface
    public interface Plan {
        List<Map<String, AttributeValue>> apply(List<Map<String, AttributeValue>> oldItems);
    }

    /** Cluster mode: the term a write of the item under a stored key must be written in, or null (none). */
    @FunctionalInterface
    public interface Fences {
        Fence of(byte[] storageKey);

        Fences NONE = storageKey -> null;
    }

    /** {@link #writeAll} could not lock some items in time; nothing was read or written. */
    public static final class LockConflict extends RuntimeException {
        private final List<Integer> positions;

        LockConflict(List<Integer> positions) {
            super("lock conflict", null, false, false);
            this.positions = List.copyOf(positions);
        }

        /** Positions (into the refs) of the items that were busy. */
        public List<Integer> positions() { return positions; }
    }

    private final Storage storage;
    private final ItemLocks locks = new ItemLocks();
    private final WriteListener listener;
    private volatile WriteHook hook = WriteHook.NONE;
    private volatile Fences fences = Fences.NONE;

    public ItemStore(Storage storage, WriteListener listener) {
        this.storage = storage;
        this.listener = listener;
    }

    /** Installs the write hook; done once, by the engine, before any write. */
    public void setHook(WriteHook hook) { this.hook = hook; }

    /** Cluster mode: the terms writes are fenced by (docs/RULES.md#CLUSTER-FENCE); done once, by the engine, before any write. */
    public void fenceWith(Fences fences) { this.fences = fences; }

    /** Adds a hook after the installed one (stream records after index maintenance); before any write. */
    public void addHook(WriteHook next) { this.hook = hook.andThen(next); }

    /** The items' locks (cluster mode lends items through them: docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS). */
    public ItemLocks locks() { return locks; }

    /** The stored key of an item: what its lock, its loan and its row are keyed by. */
    public static byte[] storageKey(ItemRef ref) { return storageKey(ref.table(), ref.key()); }

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
        return write(table, key, mutation, Admission.ADMIT_ALL);
    }

    /** A single-item write: {@code mutation} computes the new item, {@code admission} accepts the pair, then it is stored. */
    public WriteResult write(TableMetadata table, PrimaryKey key, Mutation mutation, Admission admission) {
        byte[] storageKey = storageKey(table, key);
        ReentrantLock lock = locks.lockForWrite(storageKey);
        Runnable afterCommit = null;
        WriteResult result;
        WriteBatch batch = null;
        try {
            Fence fence = fences.of(storageKey); // before the read the write is decided on
            byte[] oldBytes = storage.get(storageKey);
            Map<String, AttributeValue> oldItem = oldBytes == null ? null : ItemCodec.decode(oldBytes);
            Map<String, AttributeValue> newItem = mutation.apply(oldItem);
            admission.admit(oldItem, newItem);
            if (newItem == oldItem) return new WriteResult(oldItem, oldItem);
            batch = new WriteBatch().fence(fence);
            byte[] newBytes = newItem == null ? null : ItemCodec.encode(newItem);
            if (newItem == null) batch.delete(storageKey);
            else batch.put(storageKey, newBytes);
            afterCommit = hook.beforeCommit(table, oldItem, newItem, oldBytes, newBytes, batch);
            storage.write(batch);
            listener.written(table, oldItem, newItem);
            result = new WriteResult(oldItem, newItem);
        } finally {
            if (batch != null) hook.settled(batch);
            lock.unlock();
        }
        // outside the lock: the hook may wait for its GSI changes, which must not hold up the item
        if (afterCommit != null) afterCommit.run();
        return result;
    }

    /** The items, null where absent, all read at one point in time. */
    public List<Map<String, AttributeValue>> getAll(List<ItemRef> refs) {
        List<byte[]> keys = new ArrayList<>(refs.size());
        for (ItemRef r : refs) keys.add(storageKey(r.table(), r.key()));
        List<byte[]> values;
        try (Snapshot snapshot = storage.snapshot()) {
            values = snapshot.multiGet(keys);
        }
        List<Map<String, AttributeValue>> out = new ArrayList<>(values.size());
        for (byte[] v : values) out.add(v == null ? null : ItemCodec.decode(v));
        return out;
    }

    /**
     * Atomic write of several distinct items (the caller guarantees no two refs name one item).
     *
     * @param maxLockWaitNanos how long to wait for an item busy with a single-item write
     * @throws LockConflict if an item could not be locked (another transaction holds it, or the
     *         wait ran out)
     */
    public List<WriteResult> writeAll(List<ItemRef> refs, long maxLockWaitNanos, Plan plan) {
        return writeAll(refs, maxLockWaitNanos, plan, batch -> {});
    }

    /**
     * As {@link #writeAll(List, long, Plan)}; {@code along} adds its own mutations to the items'
     * batch once the plan has succeeded (a ClientRequestToken's stamp), so they commit together.
     */
    public List<WriteResult> writeAll(List<ItemRef> refs, long maxLockWaitNanos, Plan plan, Consumer<WriteBatch> along) {
        byte[][] keys = new byte[refs.size()][];
        for (int i = 0; i < keys.length; i++) keys[i] = storageKey(refs.get(i).table(), refs.get(i).key());
        int[] stripes = locks.stripesFor(keys);
        List<Integer> busy = locks.lockForTransaction(stripes, keys, maxLockWaitNanos);
        if (!busy.isEmpty()) throw new LockConflict(busy);
        List<Runnable> afterCommit = new ArrayList<>();
        List<WriteResult> resultsOut;
        WriteBatch batch = null;
        try {
            Fence fence = null; // before the reads the write is decided on: one term per range, each once
            java.util.Set<Fence> terms = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (byte[] key : keys) {
                Fence term = fences.of(key);
                if (term != null && terms.add(term)) fence = Fence.both(fence, term);
            }
            List<byte[]> oldBytes = storage.multiGet(List.of(keys));
            List<Map<String, AttributeValue>> oldItems = new ArrayList<>(keys.length);
            for (byte[] b : oldBytes) oldItems.add(b == null ? null : ItemCodec.decode(b));
            List<Map<String, AttributeValue>> newItems = plan.apply(Collections.unmodifiableList(oldItems));
            batch = new WriteBatch().fence(fence);
            for (int i = 0; i < keys.length; i++) {
                Map<String, AttributeValue> newItem = newItems.get(i);
                if (newItem == oldItems.get(i)) continue;
                byte[] newBytes = newItem == null ? null : ItemCodec.encode(newItem);
                if (newItem == null) batch.delete(keys[i]);
                else batch.put(keys[i], newBytes);
                Runnable after = hook.beforeCommit(refs.get(i).table(), oldItems.get(i), newItem, oldBytes.get(i), newBytes, batch);
                if (after != null) afterCommit.add(after);
            }
            along.accept(batch);
            if (!batch.isEmpty()) storage.write(batch);
            List<WriteResult> results = new ArrayList<>(keys.length);
            for (int i = 0; i < keys.length; i++) {
                Map<String, AttributeValue> oldItem = oldItems.get(i);
                Map<String, AttributeValue> newItem = newItems.get(i);
                if (newItem != oldItem) listener.written(refs.get(i).table(), oldItem, newItem);
                results.add(new WriteResult(oldItem, newItem));
            }
            resultsOut = results;
        } finally {
            if (batch != null) hook.settled(batch);
            locks.unlockForTransaction(stripes, keys);
        }
        afterCommit.forEach(Runnable::run);
        return resultsOut;
    }

    static byte[] storageKey(TableMetadata table, PrimaryKey key) {
        return KeyCodec.itemKey(table.keyspaceId(), key.partition(), key.sort());
    }
}
