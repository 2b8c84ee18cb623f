package io.keyline.storage;

/**
 * Reads over one ordered byte keyspace (keys compare as unsigned bytes). Keyspaces of tables
 * and indexes are prefixes chosen by the engine's key codec; storage knows nothing of them.
 */
public interface ReadView {
    /** The value stored under key, or null. */
    byte[] get(byte[] key);

    /**
     * Entries with {@code from <= key < to} (null bound = unbounded), ascending, or descending
     * when {@code reverse}. The cursor must be closed.
     */
    Cursor range(byte[] from, byte[] to, boolean reverse);
}
