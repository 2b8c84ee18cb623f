package io.keyline.testing;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.util.List;

/**
 * A view of a storage that the test owns: every call goes to it, except {@link #close}, which
 * leaves it open, so that several engines (the nodes of a cluster, or one engine started again
 * after a crash) can use one storage that the test closes after them. A test that steps into
 * writes or scans overrides {@link #write} or {@link #range}. Thread-safe as the storage under it is.
 */
public class StorageView implements Storage {
    private final Storage under;

    public StorageView(Storage under) { this.under = under; }

    @Override public byte[] get(byte[] key) { return under.get(key); }

    @Override public List<byte[]> multiGet(List<byte[]> keys) { return under.multiGet(keys); }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return under.range(from, to, reverse); }

    @Override public void write(WriteBatch batch) { under.write(batch); }

    @Override public Snapshot snapshot() { return under.snapshot(); }

    @Override public String describe() { return "a view of " + under.describe(); }

    /** Leaves the storage open: the test closes it after every engine that uses it. */
    @Override public void close() {}
}
