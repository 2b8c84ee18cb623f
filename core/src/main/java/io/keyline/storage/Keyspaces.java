package io.keyline.storage;

import java.util.Arrays;

/**
 * The storage contract for keyspaces: every stored key begins with its keyspace id as 8 bytes
 * big-endian; keyspace 0 is the catalog's. Keys compare as unsigned bytes. Stateless.
 */
public final class Keyspaces {
    /** Reserved for the catalog. */
    public static final long CATALOG = 0;
    public static final int PREFIX_LENGTH = 8;

    private Keyspaces() {}

    /** The 8-byte prefix of keyspace {@code id}; also the smallest key in it. */
    public static byte[] prefix(long id) {
        byte[] b = new byte[PREFIX_LENGTH];
        for (int i = 7; i >= 0; i--) { b[i] = (byte) id; id >>>= 8; }
        return b;
    }

    /** The exclusive upper bound of keyspace {@code id}: the prefix of the next id. */
    public static byte[] end(long id) { return prefix(id + 1); }

    /**
     * The first key after every key that starts with {@code prefix}, the exclusive end of their
     * range; null if there is none (the prefix is empty or all 0xFF). The engine's key ranges and
     * the backends' plans of them use this one.
     */
    public static byte[] prefixEnd(byte[] prefix) {
        int i = prefix.length - 1;
        while (i >= 0 && prefix[i] == (byte) 0xFF) i--;
        if (i < 0) return null;
        byte[] end = Arrays.copyOf(prefix, i + 1);
        end[i]++;
        return end;
    }

    /** {@code prefix(id)} followed by {@code suffix}. */
    public static byte[] key(long id, byte[] suffix) {
        byte[] b = new byte[PREFIX_LENGTH + suffix.length];
        System.arraycopy(prefix(id), 0, b, 0, PREFIX_LENGTH);
        System.arraycopy(suffix, 0, b, PREFIX_LENGTH, suffix.length);
        return b;
    }
}
