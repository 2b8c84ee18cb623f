package io.keyline.storage;

/** A forward-only iteration over a key range. Not thread-safe; close it when done. */
public interface Cursor extends AutoCloseable {
    /** Moves to the next entry; false when the range is exhausted. */
    boolean next();

    byte[] key();

    byte[] value();

    @Override void close();
}
