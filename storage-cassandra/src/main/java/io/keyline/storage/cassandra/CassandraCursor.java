package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import io.keyline.storage.Cursor;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A cursor over {@code [from, to)} at one read point: heads in order (the one head of the range,
 * or from the directory: shards, then the heads of each), and in each head the tails in order.
 * The slices of the next heads, and the heads of the next shards, are read ahead
 * ({@link ReadAhead}), so a walk over many small partitions is not one round trip each. Of each
 * key's versions it returns the newest visible at the read point, and nothing if that is a
 * deletion. Holds its read point until closed ({@link VersionedRowCursor}).
 *
 * <p>Threading: one thread at a time, like every {@link Cursor}.
 */
final class CassandraCursor extends VersionedRowCursor {
    /** Slices read ahead: each may hold a page of up to {@value CassandraStorage#PAGE_ROWS} rows. */
    private static final int SLICES_AHEAD = 4;
    /** Directory partitions (small rows) read ahead. */
    private static final int SHARDS_AHEAD = 8;

    private final byte[] from;
    private final byte[] to;
    private final boolean reverse;
    private final ReadAhead<byte[]> slices;
    private byte[] head;

    CassandraCursor(CassandraStorage storage, byte[] from, byte[] to, boolean reverse, Versions.ReadPoint point) {
        super(storage, point);
        this.from = from == null ? null : from.clone();
        this.to = to == null ? null : to.clone();
        this.reverse = reverse;
        Iterator<byte[]> heads;
        if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) heads = Collections.emptyIterator();
        else if (KeyLayout.withinOneHead(from, to)) heads = Collections.singletonList(KeyLayout.head(from)).iterator();
        else heads = new HeadWalk();
        slices = new ReadAhead<>(heads, h -> storage.slice(h, KeyLayout.lowerTail(h, this.from), KeyLayout.upperTail(h, this.to), reverse),
                SLICES_AHEAD);
    }

    /** Moves to the next key with a visible value. */
    @Override boolean advance() {
        while (true) {
            if (!rowsLeft()) {
                if (!slices.hasNext()) return atEnd();
                ReadAhead.Result<byte[]> slice = slices.next();
                head = slice.input();
                readRows(slice.rows());
                continue;
            }
            KeyVersions versions = nextKey();
            if (versions.present()) {
                return at(KeyLayout.key(head, KeyLayout.unstored(versions.first().getByteBuffer(0))),
                        CassandraStorage.bytes(versions.newest().getByteBuffer(2)));
            }
        }
    }

    /** Rows of one tail: a slice's rows all have its head. */
    @Override boolean sameKey(Row first, Row row) { return row.getByteBuffer(0).equals(first.getByteBuffer(0)); }

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
