package io.keyline.storage.cassandra;

import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * The cursors of consecutive pieces of one range, one after another: a range across keyspaces
 * reads the {@code versions} table up to a partitioned keyspace, that keyspace's own table, and
 * so on ({@link CassandraStorage#range}). Each piece's cursor is opened when reached, and closed
 * when done or when this cursor is closed; {@code onClose} then runs once.
 *
 * <p>Threading: one thread at a time, like every cursor.
 */
final class ChainedCursor implements Cursor {
    private final Iterator<Supplier<Cursor>> pieces;
    private final Runnable onClose;
    private Cursor current;
    private boolean closed;

    ChainedCursor(List<Supplier<Cursor>> pieces, Runnable onClose) {
        this.pieces = pieces.iterator();
        this.onClose = onClose;
    }

    @Override public boolean next() {
        if (closed) throw new StorageException("cursor is closed");
        while (true) {
            if (current != null && current.next()) return true;
            if (current != null) current.close();
            current = null;
            if (!pieces.hasNext()) return false;
            current = pieces.next().get();
        }
    }

    @Override public byte[] key() { return on().key(); }

    @Override public byte[] value() { return on().value(); }

    private Cursor on() {
        if (current == null) throw new IllegalStateException("cursor is not on an entry");
        return current;
    }

    @Override public void close() {
        if (closed) return;
        closed = true;
        try {
            if (current != null) current.close();
        } finally {
            onClose.run();
        }
    }
}
