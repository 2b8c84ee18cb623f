package io.keyline.storage.cassandra;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.StorageException;
import java.util.List;

/**
 * A read point of a {@link CassandraStorage}: reads see, of each key, the newest version at or
 * below it. Holding it open keeps the versions it sees from being collected. A cursor opened
 * from it holds the read point itself, so it outlives the snapshot.
 *
 * <p>Threading: thread-safe (the storage is; the closed flag is volatile).
 */
final class CassandraSnapshot implements Snapshot {
    private final CassandraStorage storage;
    private final Versions.ReadPoint point;
    private volatile boolean closed;

    CassandraSnapshot(CassandraStorage storage, Versions.ReadPoint point) {
        this.storage = storage;
        this.point = point;
    }

    @Override public byte[] get(byte[] key) {
        checkOpen();
        return storage.read(key, point);
    }

    @Override public List<byte[]> multiGet(List<byte[]> keys) {
        checkOpen();
        return storage.multiRead(keys, point);
    }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        checkOpen();
        storage.retainReader(point);
        try {
            return storage.cursor(from, to, reverse, point);
        } catch (RuntimeException e) {
            storage.releaseReader(point);
            throw e;
        }
    }

    @Override public synchronized void close() {
        if (closed) return;
        closed = true;
        storage.releaseReader(point);
    }

    private void checkOpen() {
        if (closed) throw new StorageException("snapshot is closed");
    }
}
