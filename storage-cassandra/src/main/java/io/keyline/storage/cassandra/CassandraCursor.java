package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletionException;

/**
 * A cursor over {@code [from, to)} at one read point: heads in order (the one head of the range,
 * or from the directory: shards, then the heads of each), and in each head the tails in order.
 * The slices of the next heads, and the heads of the next shards, are read ahead
 * ({@link ReadAhead}), so a walk over many small partitions is not one round trip each. Of each
 * key's versions it returns the newest visible at the read point, and nothing if that is a
 * deletion. Holds its read point until closed.
 *
 * <p>Threading: one thread at a time, like every {@link Cursor}.
 */
final class CassandraCursor implements Cursor {
    /** Slices read ahead: each may hold a page of up to {@value CassandraStorage#PAGE_ROWS} rows. */
    private static final int SLICES_AHEAD = 4;
    /** Directory partitions (small rows) read ahead. */
    private static final int SHARDS_AHEAD = 8;

    private final CassandraStorage storage;
    private final byte[] from;
    private final byte[] to;
    private final boolean reverse;
    private final Versions.ReadPoint point;
    private final ReadAhead<byte[]> slices;
    private byte[] head;
    private Iterator<Row> rows = Collections.emptyIterator();
    private Row pending;
    private byte[] key;
    private byte[] value;
    private boolean closed;

    CassandraCursor(CassandraStorage storage, byte[] from, byte[] to, boolean reverse, Versions.ReadPoint point) {
        this.storage = storage;
        this.from = from == null ? null : from.clone();
        this.to = to == null ? null : to.clone();
        this.reverse = reverse;
        this.point = point;
        Iterator<byte[]> heads;
        if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) heads = Collections.emptyIterator();
        else if (KeyLayout.withinOneHead(from, to)) heads = Collections.singletonList(KeyLayout.head(from)).iterator();
        else heads = new HeadWalk();
        slices = new ReadAhead<>(heads, h -> storage.slice(h, KeyLayout.lowerTail(h, this.from), KeyLayout.upperTail(h, this.to), reverse),
                SLICES_AHEAD);
    }

    @Override public boolean next() {
        if (closed) throw new StorageException("cursor is closed");
        storage.checkOpen();
        try {
            return step();
        } catch (CompletionException e) {
            storage.checkOpen();
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new StorageException("Cassandra read failed: " + cause.getMessage(), cause);
        } catch (DriverException | IllegalStateException e) {
            storage.checkOpen();
            throw new StorageException("Cassandra read failed: " + e.getMessage(), e);
        }
    }

    /** Moves to the next key with a visible value. */
    private boolean step() {
        while (true) {
            if (pending == null && !rows.hasNext()) {
                if (!slices.hasNext()) {
                    key = null;
                    value = null;
                    return false;
                }
                ReadAhead.Result<byte[]> slice = slices.next();
                head = slice.input();
                rows = slice.rows();
                continue;
            }
            // one key's versions are adjacent: keep the newest visible one
            Row first = pending != null ? pending : rows.next();
            pending = null;
            ByteBuffer tail = first.getByteBuffer(0);
            Row best = storage.visible(first.getLong(1), point) ? first : null;
            while (rows.hasNext()) {
                Row row = rows.next();
                if (!row.getByteBuffer(0).equals(tail)) {
                    pending = row;
                    break;
                }
                if (storage.visible(row.getLong(1), point) && (best == null || row.getLong(1) > best.getLong(1))) best = row;
            }
            if (best != null && !best.getBoolean(3)) {
                key = KeyLayout.key(head, KeyLayout.unstored(tail));
                value = CassandraStorage.bytes(best.getByteBuffer(2));
                return true;
            }
        }
    }

    @Override public byte[] key() { return current(key); }

    @Override public byte[] value() { return current(value); }

    private static byte[] current(byte[] field) {
        if (field == null) throw new IllegalStateException("cursor is not on an entry");
        return field;
    }

    @Override public void close() {
        if (closed) return;
        closed = true;
        storage.releaseReader(point);
    }

    /**
     * The heads that may hold keys of the range, in order: every shard from the shard of
     * {@code from} up to (not including) {@code to}, and in each, every head from the head of
     * {@code from} below {@code to} (KeyLayout explains why those bounds lose nothing). A shard
     * shorter than {@link KeyLayout#SHARD_BYTES} is a whole key, so its one head is itself: no
     * query.
     */
    private final class HeadWalk implements Iterator<byte[]> {
        private final ByteBuffer lowerHead = from == null ? null : KeyLayout.stored(KeyLayout.head(from));
        private final ByteBuffer upper = to == null ? null : KeyLayout.stored(to);
        private final ReadAhead<ByteBuffer> shards;
        private Iterator<Row> inShard = Collections.emptyIterator();
        private byte[] wholeKeyShard;

        HeadWalk() {
            Iterator<Row> shardRows = storage.shards(from == null ? null : KeyLayout.stored(KeyLayout.shard(from)), upper, reverse).iterator();
            Iterator<ByteBuffer> shardNames = new Iterator<>() {
                @Override public boolean hasNext() { return shardRows.hasNext(); }

                @Override public ByteBuffer next() { return shardRows.next().getByteBuffer(0); }
            };
            shards = new ReadAhead<>(shardNames,
                    shard -> isWholeKey(shard) ? null : storage.heads(shard, lowerHead, upper, reverse), SHARDS_AHEAD);
        }

        private static boolean isWholeKey(ByteBuffer storedShard) { return storedShard.remaining() - 1 < KeyLayout.SHARD_BYTES; }

        @Override public boolean hasNext() {
            while (wholeKeyShard == null && !inShard.hasNext()) {
                if (!shards.hasNext()) return false;
                ReadAhead.Result<ByteBuffer> shard = shards.next();
                if (isWholeKey(shard.input())) wholeKeyShard = KeyLayout.unstored(shard.input());
                else inShard = shard.rows();
            }
            return true;
        }

        @Override public byte[] next() {
            if (!hasNext()) throw new NoSuchElementException();
            if (wholeKeyShard != null) {
                byte[] head = wholeKeyShard;
                wholeKeyShard = null;
                return head;
            }
            return KeyLayout.unstored(inShard.next().getByteBuffer(0));
        }
    }
}
