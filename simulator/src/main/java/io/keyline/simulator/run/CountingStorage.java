package io.keyline.simulator.run;

import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Storage that counts, per keyspace the runner watches ({@link #watch}), the entries written
 * (puts and deletes) and the distinct partition tokens put: the report's entriesWritten and
 * distinctPartitionKeys of a table or a GSI. A token is the partition key's 64-bit hash (bytes
 * 8 to 16 of every table and index key), so distinct tokens are distinct partition keys. Reads
 * pass straight through.
 *
 * <p>Threading: the request thread and the GSI propagator both write; each keyspace's counts
 * synchronize on themselves.
 */
final class CountingStorage implements Storage {
    private static final int TOKEN_END = Keyspaces.PREFIX_LENGTH + 8;

    private final Storage inner;
    private final Map<Long, Counts> watched = new ConcurrentHashMap<>();

    /** One keyspace's counts. */
    static final class Counts {
        private long written;
        private final DistinctCounter tokens = new DistinctCounter();

        synchronized long written() { return written; }

        synchronized long distinctTokens() { return tokens.count(); }

        private synchronized void put(byte[] key) {
            written++;
            if (key.length >= TOKEN_END) tokens.add(readLong(key, Keyspaces.PREFIX_LENGTH));
        }

        private synchronized void delete() { written++; }
    }

    CountingStorage(Storage inner) { this.inner = inner; }

    /** Starts counting the writes to {@code keyspaceId}; returns its counts. */
    Counts watch(long keyspaceId) { return watched.computeIfAbsent(keyspaceId, k -> new Counts()); }

    @Override public void write(WriteBatch batch) {
        inner.write(batch);
        for (WriteBatch.Mutation m : batch.mutations()) {
            if (m.kind() == WriteBatch.Kind.DELETE_RANGE || m.key().length < Keyspaces.PREFIX_LENGTH) continue;
            Counts c = watched.get(readLong(m.key(), 0));
            if (c == null) continue;
            if (m.kind() == WriteBatch.Kind.PUT) c.put(m.key());
            else c.delete();
        }
    }

    @Override public byte[] get(byte[] key) { return inner.get(key); }

    @Override public List<byte[]> multiGet(List<byte[]> keys) { return inner.multiGet(keys); }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return inner.range(from, to, reverse); }

    @Override public Snapshot snapshot() { return inner.snapshot(); }

    @Override public String describe() { return inner.describe(); }

    @Override public void close() { inner.close(); }

    private static long readLong(byte[] b, int offset) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (b[offset + i] & 0xFF);
        return v;
    }
}
