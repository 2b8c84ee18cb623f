package io.keyline.storage.memory;

import io.keyline.storage.Cursor;
import io.keyline.storage.FencedOut;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.WriteBatch;
import java.util.ArrayList;
import java.util.List;

/**
 * In-process storage for tests, the simulator and {@code --in-memory}. Nothing is durable.
 *
 * <p>The data is one persistent {@link BPlusTree} whose current root sits in a volatile field. A
 * write builds the next version from the current one under a writer lock and publishes it with
 * one volatile store, so every reader sees a batch entirely or not at all. A read captures the
 * root once: a point read, a multi-get and a whole cursor each see one version, and a snapshot
 * is just a captured root (O(1), no copying). Old versions are freed by the garbage collector
 * once no snapshot or cursor holds them.
 *
 * <p>Costs: the tree's nodes are up to 64 wide, so a point read or a cursor's start visits about
 * four nodes at a million keys; a put or delete copies the nodes on its path; a range delete
 * costs a delete per key, or one rebuild of the survivors when the range is a large share.
 *
 * <p>Threading: thread-safe. Readers never lock and never wait for writers or each other;
 * writers queue on one lock. Keys and values are copied in and out, so callers may reuse arrays.
 */
public final class MemoryStorage implements Storage {
    private final Object writeLock = new Object();
    private volatile BPlusTree.Node root;
    private volatile boolean closed;

    @Override public byte[] get(byte[] key) { return valueOf(current(), key); }

    @Override public List<byte[]> multiGet(List<byte[]> keys) { return multiGet(current(), keys); }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        return new TreeCursor(current(), from, to, reverse);
    }

    @Override public void write(WriteBatch batch) {
        checkOpen();
        if (batch.isEmpty()) return;
        synchronized (writeLock) {
            checkOpen();
            // applied at once, under the lock: inside its term, or not at all (docs/RULES.md#CLUSTER-FENCE)
            if (batch.fence() != null && !batch.fence().holds()) throw FencedOut.refused("the term this write was decided in has ended");
            BPlusTree.Node next = root;
            for (WriteBatch.Mutation m : batch.mutations()) {
                switch (m.kind()) {
                    case PUT -> next = BPlusTree.put(next, m.key().clone(), m.value().clone());
                    case DELETE -> next = BPlusTree.remove(next, m.key());
                    case DELETE_RANGE -> next = BPlusTree.removeRange(next, m.key(), m.endKey());
                }
            }
            root = next;
        }
    }

    @Override public Snapshot snapshot() { return new TreeSnapshot(current()); }

    @Override public String describe() { return "in memory (nothing is kept after exit)"; }

    /** Drops the data; later calls fail. Idempotent. */
    @Override public void close() {
        synchronized (writeLock) {
            closed = true;
            root = null;
        }
    }

    private BPlusTree.Node current() {
        checkOpen();
        return root;
    }

    private void checkOpen() {
        if (closed) throw new StorageException("storage is closed: " + describe());
    }

    static byte[] valueOf(BPlusTree.Node root, byte[] key) {
        byte[] value = BPlusTree.find(root, key);
        return value == null ? null : value.clone();
    }

    static List<byte[]> multiGet(BPlusTree.Node root, List<byte[]> keys) {
        List<byte[]> out = new ArrayList<>(keys.size());
        for (byte[] key : keys) out.add(valueOf(root, key));
        return out;
    }

    /** A captured version; reads need no lock because the version never changes. */
    private static final class TreeSnapshot implements Snapshot {
        private volatile BPlusTree.Node root;
        private volatile boolean closed;

        TreeSnapshot(BPlusTree.Node root) { this.root = root; }

        @Override public byte[] get(byte[] key) { return valueOf(version(), key); }

        @Override public List<byte[]> multiGet(List<byte[]> keys) { return MemoryStorage.multiGet(version(), keys); }

        @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
            return new TreeCursor(version(), from, to, reverse);
        }

        @Override public void close() {
            closed = true;
            root = null;
        }

        private BPlusTree.Node version() {
            BPlusTree.Node r = root;
            if (closed) throw new StorageException("snapshot is closed");
            return r;
        }
    }
}
