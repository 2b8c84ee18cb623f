package io.keyline.storage.rocksdb;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.StorageException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.rocksdb.ReadOptions;

/**
 * A RocksDB snapshot: point reads and cursors at the sequence number it was taken at. Holding
 * it open keeps old versions from being compacted away, so callers close it promptly.
 *
 * <p>Lifetime: {@link #close} ends reads through this object, but the native snapshot lives on
 * until the last cursor opened from it is closed, so such cursors keep working (as they do on
 * every backend). Closing the storage releases everything at once.
 *
 * <p>Threading: reads are thread-safe and run in parallel under the read side of a lock whose
 * write side guards the release, so a read never touches a released native snapshot. Lock
 * order is always the storage's lifetime lock first, then this one.
 */
final class RocksSnapshot implements Snapshot, RocksDbStorage.NativeResource {
    private final RocksDbStorage storage;
    private final org.rocksdb.Snapshot snapshot;
    private final ReadOptions readOptions;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final AtomicInteger openCursors = new AtomicInteger();
    private boolean closed;
    private boolean nativeReleased;

    RocksSnapshot(RocksDbStorage storage, org.rocksdb.Snapshot snapshot) {
        this.storage = storage;
        this.snapshot = snapshot;
        this.readOptions = new ReadOptions().setSnapshot(snapshot);
    }

    @Override public byte[] get(byte[] key) { return read(() -> storage.getWith(readOptions, key)); }

    @Override public List<byte[]> multiGet(List<byte[]> keys) { return read(() -> storage.multiGetWith(readOptions, keys)); }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        return read(() -> {
            openCursors.incrementAndGet();
            try {
                return storage.openCursor(snapshot, this, from, to, reverse);
            } catch (RuntimeException e) {
                openCursors.decrementAndGet();
                throw e;
            }
        });
    }

    private <T> T read(Supplier<T> action) {
        storage.enter();
        try {
            lock.readLock().lock();
            try {
                if (closed) throw new StorageException("snapshot is closed");
                return action.get();
            } finally {
                lock.readLock().unlock();
            }
        } finally {
            storage.exit();
        }
    }

    @Override public void close() {
        storage.whileOpen(() -> {
            lock.writeLock().lock();
            try {
                closed = true;
                if (openCursors.get() == 0) releaseLocked();
            } finally {
                lock.writeLock().unlock();
            }
        });
    }

    /** A cursor opened from this snapshot has released its iterator (under the lifetime lock). */
    void cursorClosed() {
        if (openCursors.decrementAndGet() > 0) return;
        lock.writeLock().lock();
        try {
            if (closed) releaseLocked();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Forced release, by the storage closing. */
    @Override public void releaseNative() {
        lock.writeLock().lock();
        try {
            closed = true;
            releaseLocked();
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void releaseLocked() {
        if (nativeReleased) return;
        nativeReleased = true;
        storage.releaseSnapshot(snapshot);
        readOptions.close();
        storage.forget(this);
    }
}
