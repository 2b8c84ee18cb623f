package io.keyline.storage;

import java.util.ArrayList;
import java.util.List;

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

    /**
     * The values stored under each key, in the order of {@code keys}, null where absent; all
     * read at one point in time when the backend can (each backend says so).
     */
    default List<byte[]> multiGet(List<byte[]> keys) {
        List<byte[]> out = new ArrayList<>(keys.size());
        for (byte[] key : keys) out.add(get(key));
        return out;
    }
}
