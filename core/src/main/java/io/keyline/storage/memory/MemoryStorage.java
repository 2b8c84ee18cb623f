package io.keyline.storage.memory;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * In-process storage for tests, the simulator and {@code --in-memory}. Nothing is durable.
 *
 * <p>Concurrency: batches are applied under the write lock, point reads take the read lock, so
 * a point read never sees half a batch. Range cursors iterate the live skip list (weakly
 * consistent). Snapshots copy the map under the read lock.
 */
public final class MemoryStorage implements Storage {
    private final ConcurrentSkipListMap<byte[], byte[]> map = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    @Override public byte[] get(byte[] key) {
        lock.readLock().lock();
        try {
            return map.get(key);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        return cursor(map, from, to, reverse);
    }

    static Cursor cursor(NavigableMap<byte[], byte[]> map, byte[] from, byte[] to, boolean reverse) {
        NavigableMap<byte[], byte[]> sub;
        if (from != null && to != null) sub = map.subMap(from, true, to, false);
        else if (from != null) sub = map.tailMap(from, true);
        else if (to != null) sub = map.headMap(to, false);
        else sub = map;
        if (reverse) sub = sub.descendingMap();
        Iterator<Map.Entry<byte[], byte[]>> it = sub.entrySet().iterator();
        return new Cursor() {
            private Map.Entry<byte[], byte[]> current;

            @Override public boolean next() {
                if (!it.hasNext()) { current = null; return false; }
                current = it.next();
                return true;
            }

            @Override public byte[] key() { return current.getKey(); }

            @Override public byte[] value() { return current.getValue(); }

            @Override public void close() {}
        };
    }

    @Override public void write(WriteBatch batch) {
        lock.writeLock().lock();
        try {
            for (WriteBatch.Mutation m : batch.mutations()) {
                switch (m.kind()) {
                    case PUT -> map.put(m.key(), m.value());
                    case DELETE -> map.remove(m.key());
                    case DELETE_RANGE -> map.subMap(m.key(), true, m.endKey(), false).clear();
                }
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override public Snapshot snapshot() {
        ConcurrentSkipListMap<byte[], byte[]> copy;
        lock.readLock().lock();
        try {
            copy = map.clone();
        } finally {
            lock.readLock().unlock();
        }
        return new Snapshot() {
            @Override public byte[] get(byte[] key) { return copy.get(key); }

            @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return cursor(copy, from, to, reverse); }

            @Override public void close() {}
        };
    }

    @Override public String describe() { return "in memory (nothing is kept after exit)"; }

    @Override public void close() {}
}
