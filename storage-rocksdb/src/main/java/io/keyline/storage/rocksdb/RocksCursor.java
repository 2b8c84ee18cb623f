package io.keyline.storage.rocksdb;

import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * A cursor over a RocksDB iterator bounded by {@code iterate_lower_bound} and
 * {@code iterate_upper_bound}, so RocksDB itself stops at the range's ends (and skips
 * tombstones beyond them). Reads the implicit snapshot taken at creation, or the given one.
 *
 * <p>Threading: one thread at a time, like every {@link Cursor}. Each step runs under the
 * storage's lifetime lock; key and value are copied out on each step.
 */
final class RocksCursor implements Cursor, RocksDbStorage.NativeResource {
    private final RocksDbStorage storage;
    private final RocksSnapshot owner;
    private final boolean reverse;
    private final Slice lower;
    private final Slice upper;
    private final ReadOptions readOptions;
    private final RocksIterator iterator;
    private boolean started;
    private boolean released;
    private byte[] key;
    private byte[] value;

    /** {@code owner} is the snapshot the cursor reads (told when the cursor closes), or null. */
    RocksCursor(RocksDbStorage storage, RocksDB db, org.rocksdb.Snapshot snapshot, RocksSnapshot owner,
                byte[] from, byte[] to, boolean reverse) {
        this.storage = storage;
        this.owner = owner;
        this.reverse = reverse;
        this.lower = from == null ? null : new Slice(from);
        this.upper = to == null ? null : new Slice(to);
        // Total-order results for every range; prefix filters only where both bounds share a prefix.
        this.readOptions = new ReadOptions().setAutoPrefixMode(true);
        if (lower != null) readOptions.setIterateLowerBound(lower);
        if (upper != null) readOptions.setIterateUpperBound(upper);
        if (snapshot != null) readOptions.setSnapshot(snapshot);
        this.iterator = db.newIterator(readOptions);
    }

    @Override public boolean next() {
        storage.enter();
        try {
            if (released) throw new StorageException("cursor is closed");
            if (!started) {
                started = true;
                // Both seeks honour the iterate bounds set on the read options.
                if (reverse) iterator.seekToLast();
                else iterator.seekToFirst();
            } else if (key != null) {
                // The last step found an entry, so the iterator is valid: no JNI call to ask.
                if (reverse) iterator.prev();
                else iterator.next();
            } else {
                return false; // already past the end (RocksDB must not be stepped there)
            }
            if (iterator.isValid()) {
                key = iterator.key();
                value = iterator.value();
                return true;
            }
            key = null;
            value = null;
            iterator.status();
            return false;
        } catch (RocksDBException e) {
            throw storage.failure("iteration", e);
        } finally {
            storage.exit();
        }
    }

    @Override public byte[] key() { return current(key); }

    @Override public byte[] value() { return current(value); }

    private static byte[] current(byte[] field) {
        if (field == null) throw new IllegalStateException("cursor is not on an entry");
        return field;
    }

    @Override public void close() { storage.release(this); }

    @Override public void releaseNative() {
        if (released) return;
        released = true;
        iterator.close();
        readOptions.close();
        if (lower != null) lower.close();
        if (upper != null) upper.close();
        if (owner != null) owner.cursorClosed();
    }
}
