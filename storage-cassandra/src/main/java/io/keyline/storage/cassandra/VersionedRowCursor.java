package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import java.util.Collections;
import java.util.Iterator;
import java.util.concurrent.CompletionException;

/**
 * What a cursor over Cassandra's multi-version rows does whatever the layout it reads: it folds
 * each key's versions (adjacent rows) to the newest visible at its read point, holds the entry it
 * stands on, turns a driver failure into a {@link StorageException} (or the storage's own error
 * once it is closed), and releases its read point once, on close. A subclass says where its rows
 * come from and which key a row stands for ({@link TokenCursor}, {@link CassandraCursor}).
 *
 * <p>Rows start (tail, version, value, deleted): the columns both layouts' reads select first.
 * Holds its read point (retained for it) until closed. Threading: one thread at a time, like
 * every {@link Cursor}.
 */
abstract class VersionedRowCursor implements Cursor {
    /**
     * One key's versions as a cursor needs them.
     *
     * @param first  the first of its rows read (its key columns are every row's)
     * @param newest the newest version visible at the read point, or null if none is
     */
    record KeyVersions(Row first, Row newest) {
        /** True when the key has a value at the read point: a visible version that is not a deletion. */
        boolean present() { return newest != null && !newest.getBoolean(3); }
    }

    final CassandraStorage storage;
    private final Versions.ReadPoint point;
    private Iterator<Row> rows = Collections.emptyIterator();
    /** The first row of the next key, read while looking for the end of the last one. */
    private Row pending;
    private byte[] key;
    private byte[] value;
    private boolean closed;

    VersionedRowCursor(CassandraStorage storage, Versions.ReadPoint point) {
        this.storage = storage;
        this.point = point;
    }

    @Override public final boolean next() {
        if (closed) throw new StorageException("cursor is closed");
        storage.checkOpen();
        try {
            return advance();
        } catch (CompletionException e) {
            storage.checkOpen();
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new StorageException("Cassandra read failed: " + cause.getMessage(), cause);
        } catch (DriverException | IllegalStateException e) {
            storage.checkOpen();
            throw new StorageException("Cassandra read failed: " + e.getMessage(), e);
        }
    }

    /**
     * Moves to the next entry, answering with {@link #at} or {@link #atEnd}. Driver failures
     * (also as a {@link CompletionException}) may escape: {@link #next} says what they mean.
     */
    abstract boolean advance();

    /** True when the two rows are versions of one key. */
    abstract boolean sameKey(Row first, Row row);

    /** Stands on the entry {@code key}, {@code value}; true. */
    final boolean at(byte[] key, byte[] value) {
        this.key = key;
        this.value = value;
        return true;
    }

    /** Stands on no entry: the range is done; false. */
    final boolean atEnd() {
        key = null;
        value = null;
        return false;
    }

    /** True while rows of the current read are left, so that {@link #nextKey} may be called. */
    final boolean rowsLeft() { return pending != null || rows.hasNext(); }

    /** The rows to read next, once those of the last read are used up. */
    final void readRows(Iterator<Row> next) { rows = next; }

    /** Reads the next key's versions (adjacent rows), keeping the newest visible at the read point. */
    final KeyVersions nextKey() {
        Row first = pending != null ? pending : rows.next();
        pending = null;
        Row newest = storage.visible(first.getLong(1), point) ? first : null;
        while (rows.hasNext()) {
            Row row = rows.next();
            if (!sameKey(first, row)) {
                pending = row;
                break;
            }
            if (storage.visible(row.getLong(1), point) && (newest == null || row.getLong(1) > newest.getLong(1))) newest = row;
        }
        return new KeyVersions(first, newest);
    }

    @Override public final byte[] key() { return current(key); }

    @Override public final byte[] value() { return current(value); }

    private static byte[] current(byte[] field) {
        if (field == null) throw new IllegalStateException("cursor is not on an entry");
        return field;
    }

    @Override public final void close() {
        if (closed) return;
        closed = true;
        storage.releaseReader(point);
    }
}
