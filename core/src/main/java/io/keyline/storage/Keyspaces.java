package io.keyline.storage;

/**
 * The storage contract for keyspaces: every stored key begins with its keyspace id as 8 bytes
 * big-endian; keyspace 0 is the catalog's. Stateless.
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

    /** {@code prefix(id)} followed by {@code suffix}. */
    public static byte[] key(long id, byte[] suffix) {
        byte[] b = new byte[PREFIX_LENGTH + suffix.length];
        System.arraycopy(prefix(id), 0, b, 0, PREFIX_LENGTH);
        System.arraycopy(suffix, 0, b, PREFIX_LENGTH, suffix.length);
        return b;
    }
}
