package io.keyline.engine.index;

import io.keyline.storage.Keyspaces;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.error.InternalFailure;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The durable log of GSI changes not yet applied. Persisted format, in the catalog's keyspace 0
 * under tag 0x03 (the catalog uses 0x01 and 0x02):
 *
 * <pre>
 * key    prefix(0) | 0x03 | sequence (8, big-endian)
 * value  commit time in epoch millis (8) | count (4) | mutation*
 * mutation = index keyspace id (8) | kind (1: 0 delete, 1 put) | key length (4) | key
 *            | for a put: value length (4) | value (an ItemCodec item)
 * </pre>
 *
 * A record is added in the same storage batch as the item write it comes from, so it exists if
 * and only if the write happened. Sequences are handed out under the written item's lock, so
 * the records of one item are in commit order; records of different items touch disjoint
 * entries (an entry key ends with the base key), so their relative order does not matter.
 * After a restart the sequence continues past the last record left. Thread-safe.
 */
public final class GsiChangeLog {
    static final byte TAG = 0x03;
    private static final int DELETE = 0;
    private static final int PUT = 1;

    /** One GSI mutation: a put when {@code value} is non-null, else a delete. */
    public record Mutation(long keyspaceId, byte[] key, byte[] value) {}

    /** One pending record. */
    public record Record(byte[] logKey, long sequence, long commitMillis, List<Mutation> mutations) {}

    private final AtomicLong nextSequence;

    public GsiChangeLog(Storage storage) {
        long next = 0;
        try (Cursor c = storage.range(start(), end(), true)) {
            if (c.next()) next = sequenceOf(c.key()) + 1;
        }
        nextSequence = new AtomicLong(next);
    }

    /** Adds a record of these deltas to {@code batch}; returns its sequence, or -1 if there is nothing to record. */
    public long append(WriteBatch batch, long commitMillis, List<IndexEntries.Delta> deltas) {
        List<Mutation> mutations = new ArrayList<>();
        for (IndexEntries.Delta d : deltas) {
            for (byte[] k : d.deletes()) mutations.add(new Mutation(d.index().keyspaceId(), k, null));
            for (IndexEntries.Put p : d.puts()) mutations.add(new Mutation(d.index().keyspaceId(), p.key(), ItemCodec.encode(p.entry())));
        }
        if (mutations.isEmpty()) return -1;
        long sequence = nextSequence.getAndIncrement();
        batch.put(key(sequence), encode(commitMillis, mutations));
        return sequence;
    }

    /** The sequence the next record will get. */
    public long nextSequence() { return nextSequence.get(); }

    static byte[] key(long sequence) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(TAG).putLong(sequence).array());
    }

    static byte[] start() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG}); }

    static byte[] end() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG + 1}); }

    static long sequenceOf(byte[] logKey) { return ByteBuffer.wrap(logKey, Keyspaces.PREFIX_LENGTH + 1, 8).getLong(); }

    static byte[] encode(long commitMillis, List<Mutation> mutations) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * mutations.size() + 16);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(commitMillis);
            out.writeInt(mutations.size());
            for (Mutation m : mutations) {
                out.writeLong(m.keyspaceId());
                out.writeByte(m.value() == null ? DELETE : PUT);
                out.writeInt(m.key().length);
                out.write(m.key());
                if (m.value() != null) {
                    out.writeInt(m.value().length);
                    out.write(m.value());
                }
            }
        } catch (IOException e) { // a stream into memory does not fail; a failure here is a bug
            throw new InternalFailure("encoding a GSI change record", e.toString(), e);
        }
        return bytes.toByteArray();
    }

    /** @throws InternalFailure if the stored record is not one this version writes */
    static Record decode(byte[] logKey, byte[] value) {
        try {
            return read(logKey, value);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw corrupt(logKey, "truncated (" + value.length + " bytes)");
        }
    }

    private static Record read(byte[] logKey, byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        long millis = in.getLong();
        int count = in.getInt();
        List<Mutation> mutations = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long keyspace = in.getLong();
            int kind = in.get();
            byte[] key = new byte[in.getInt()];
            in.get(key);
            byte[] v = null;
            if (kind == PUT) {
                v = new byte[in.getInt()];
                in.get(v);
            } else if (kind != DELETE) {
                throw corrupt(logKey, "mutation kind " + kind);
            }
            mutations.add(new Mutation(keyspace, key, v));
        }
        if (in.hasRemaining()) throw corrupt(logKey, in.remaining() + " bytes after the last mutation");
        return new Record(logKey, sequenceOf(logKey), millis, mutations);
    }

    private static InternalFailure corrupt(byte[] logKey, String problem) {
        return new InternalFailure("decoding GSI change record " + sequenceOf(logKey), problem);
    }
}
