package io.keyline.simulator.run;

import io.keyline.engine.codec.ItemCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Storage mode SIZES: the items of a table and its indexes are kept as their key attributes (the
 * table's and every index's, so index maintenance sees the entries it must move), the attributes
 * the run's expressions name ({@link TrafficSource#attributesRead}), and their size; every other
 * attribute is dropped. A read gives the kept attributes plus one filler attribute named
 * {@value #FILLER} whose string makes the item exactly its stored size, so sizes, units, pages and
 * splits are the same as with whole items. What changes: an expression that reads an attribute
 * that was not kept sees it absent, and returned items carry the filler. docs/SIMULATOR.md
 * ("How a run works") says when that changes an outcome.
 *
 * <p>Keyspaces hold compact values only once {@link #keepSizesOf} registered them, before the
 * first write; the catalog, the GSI change log and anything else pass through untouched.
 *
 * <p>Compact value: size as an unsigned LEB128 varint, then the kept attributes in
 * {@link ItemCodec}'s form. Threading: as thread-safe as the storage it wraps (the registry is a
 * concurrent map).
 */
public final class SizeOnlyStorage implements Storage {
    /** The filler attribute's name: one byte, so any missing size of at least one byte can be made up. */
    public static final String FILLER = "~";

    private final Storage inner;
    private final Map<Long, Set<String>> kept = new ConcurrentHashMap<>();

    public SizeOnlyStorage(Storage inner) { this.inner = inner; }

    /** From now on, values written to {@code keyspaceId} keep only {@code attributes} and their size. */
    public void keepSizesOf(long keyspaceId, Set<String> attributes) { kept.put(keyspaceId, Set.copyOf(attributes)); }

    @Override public void write(WriteBatch batch) {
        WriteBatch out = new WriteBatch();
        for (WriteBatch.Mutation m : batch.mutations()) {
            switch (m.kind()) {
                case PUT -> out.put(m.key(), compact(m.key(), m.value()));
                case DELETE -> out.delete(m.key());
                case DELETE_RANGE -> out.deleteRange(m.key(), m.endKey());
            }
        }
        inner.write(out);
    }

    @Override public byte[] get(byte[] key) { return expand(key, inner.get(key)); }

    @Override public List<byte[]> multiGet(List<byte[]> keys) { return expandAll(keys, inner.multiGet(keys)); }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return new Expanding(inner.range(from, to, reverse)); }

    @Override public Snapshot snapshot() {
        Snapshot s = inner.snapshot();
        return new Snapshot() {
            @Override public byte[] get(byte[] key) { return expand(key, s.get(key)); }
            @Override public List<byte[]> multiGet(List<byte[]> keys) { return expandAll(keys, s.multiGet(keys)); }
            @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return new Expanding(s.range(from, to, reverse)); }
            @Override public void close() { s.close(); }
        };
    }

    @Override public String describe() { return inner.describe() + ", item sizes only"; }

    @Override public void close() { inner.close(); }

    private Set<String> keptOf(byte[] key) {
        if (key.length < Keyspaces.PREFIX_LENGTH || kept.isEmpty()) return null;
        long id = 0;
        for (int i = 0; i < Keyspaces.PREFIX_LENGTH; i++) id = (id << 8) | (key[i] & 0xFF);
        return kept.get(id);
    }

    private byte[] compact(byte[] key, byte[] value) {
        Set<String> attributes = keptOf(key);
        if (attributes == null) return value;
        Map<String, AttributeValue> item = ItemCodec.decode(value);
        long size = ItemSize.of(item);
        item.keySet().retainAll(attributes);
        byte[] keys = ItemCodec.encode(item);
        byte[] out = new byte[varintLength(size) + keys.length];
        int at = writeVarint(out, size);
        System.arraycopy(keys, 0, out, at, keys.length);
        return out;
    }

    private byte[] expand(byte[] key, byte[] value) {
        if (value == null || keptOf(key) == null) return value;
        long size = 0;
        int shift = 0, at = 0;
        while (true) {
            int b = value[at++] & 0xFF;
            size |= (long) (b & 0x7F) << shift;
            if (b < 0x80) break;
            shift += 7;
        }
        byte[] keys = new byte[value.length - at];
        System.arraycopy(value, at, keys, 0, keys.length);
        Map<String, AttributeValue> item = ItemCodec.decode(keys);
        long missing = size - ItemSize.of(item);
        if (missing <= 0) return keys;
        Map<String, AttributeValue> whole = new LinkedHashMap<>(item);
        whole.put(FILLER, new AttributeValue.S("x".repeat((int) (missing - 1))));
        return ItemCodec.encode(whole);
    }

    private List<byte[]> expandAll(List<byte[]> keys, List<byte[]> values) {
        List<byte[]> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) out.add(expand(keys.get(i), values.get(i)));
        return out;
    }

    private static int varintLength(long v) {
        int n = 1;
        while ((v >>>= 7) != 0) n++;
        return n;
    }

    private static int writeVarint(byte[] out, long v) {
        int at = 0;
        while ((v & ~0x7FL) != 0) {
            out[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[at++] = (byte) v;
        return at;
    }

    /** A cursor whose values are expanded as they are read. */
    private final class Expanding implements Cursor {
        private final Cursor inner;

        Expanding(Cursor inner) { this.inner = inner; }

        @Override public boolean next() { return inner.next(); }

        @Override public byte[] key() { return inner.key(); }

        @Override public byte[] value() { return expand(inner.key(), inner.value()); }

        @Override public void close() { inner.close(); }
    }
}
