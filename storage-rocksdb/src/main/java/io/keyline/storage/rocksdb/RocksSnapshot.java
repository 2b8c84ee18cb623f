package io.keyline.storage.rocksdb;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.StorageException;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.ReadOptions;

/**
 * A RocksDB snapshot: point reads and cursors at the sequence number it was taken at. Holding
 * it open keeps old versions from being compacted away, so callers close it promptly.
 *
 * <p>Threading: reads are thread-safe and run in parallel under the read side of a lock whose
 * write side guards the release, so a read never touches a released native snapshot. Cursors
 * opened from it stay valid after it closes (a RocksDB iterator keeps its own sequence number).
 */
final class RocksSnapshot implements Snapshot, RocksDbStorage.NativeResource {
    private final RocksDbStorage storage;
    private final org.rocksdb.Snapshot snapshot;
    private final ReadOptions readOptions;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private boolean released;

    RocksSnapshot(RocksDbStorage storage, org.rocksdb.Snapshot snapshot) {
        this.storage = storage;
        this.snapshot = snapshot;
        this.readOptions = new ReadOptions().setSnapshot(snapshot);
    }

    @Override public byte[] get(byte[] key) {
        lock.readLock().lock();
        try {
            checkOpen();
            return storage.getWith(readOptions, key);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override public List<byte[]> multiGet(List<byte[]> keys) {
        lock.readLock().lock();
        try {
            checkOpen();
            return storage.multiGetWith(readOptions, keys);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        lock.readLock().lock();
        try {
            checkOpen();
            return storage.openCursor(snapshot, from, to, reverse);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override public void close() { storage.release(this); }

    @Override public void releaseNative() {
        lock.writeLock().lock();
        try {
            if (released) return;
            released = true;
            storage.releaseSnapshot(snapshot);
            readOptions.close();
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void checkOpen() {
        if (released) throw new StorageException("snapshot is closed");
    }
}
