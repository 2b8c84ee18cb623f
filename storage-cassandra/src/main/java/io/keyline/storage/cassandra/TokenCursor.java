package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A cursor over {@code [from, to)} of one partitioned keyspace at one read point: the steps of its
 * {@link TokenPlan} in order, each one Cassandra read (a partition slice or a token range, paged),
 * up to {@value #AHEAD} of them in flight ({@link ReadAhead}). Rows come as (tail, version, value,
 * deleted, pk, token); of each key's versions (adjacent, newest first) it returns the newest
 * visible at the read point, and nothing if that is a deletion. A key's bytes are rebuilt from
 * the keyspace id, Cassandra's token of the row and the row's partition key and tail.
 *
 * <p>Reverse order is native for one partition (a Query read backwards); a reverse range over
 * several partitions, which the engine never asks for, is read forwards and handed back reversed.
 * Holds a read point of its own (retained for it) until closed ({@link VersionedRowCursor}). One
 * thread at a time.
 */
final class TokenCursor extends VersionedRowCursor {
    private static final int AHEAD = 4;

    private final long keyspaceId;
    private final String table;
    private final byte[] from;
    private final byte[] to;
    private final boolean reverse;
    private final ReadAhead<TokenPlan.Step> reads;
    private ArrayDeque<byte[][]> reversed;

    TokenCursor(CassandraStorage storage, long keyspaceId, String table, byte[] from, byte[] to, boolean reverse,
                Versions.ReadPoint point) {
        super(storage, point);
        this.keyspaceId = keyspaceId;
        this.table = table;
        this.from = from == null ? null : from.clone();
        this.to = to == null ? null : to.clone();
        List<TokenPlan.Step> plan = TokenPlan.of(keyspaceId, from, to, storage.placement().layout());
        boolean oneSlice = plan.size() == 1 && plan.get(0) instanceof TokenPlan.Slice;
        this.reverse = reverse && oneSlice;
        this.reads = new ReadAhead<>(new Expanded(plan.iterator()), this::read, AHEAD);
        if (reverse && !oneSlice) readAllReversed();
    }

    private CompletableFuture<AsyncResultSet> read(TokenPlan.Step step) {
        if (step instanceof TokenPlan.Slice s) return storage.partitionSlice(table, s.pk(), s.lowerTail(), s.upperTail(), reverse);
        TokenPlan.TokenRange r = (TokenPlan.TokenRange) step;
        return storage.tokenRange(table, r.lower(), r.upper());
    }

    @Override boolean advance() {
        if (reversed != null) {
            byte[][] entry = reversed.pollLast();
            return entry == null ? atEnd() : at(entry[0], entry[1]);
        }
        return step();
    }

    private void readAllReversed() {
        ArrayDeque<byte[][]> all = new ArrayDeque<>();
        while (next()) all.add(new byte[][] {key(), value()});
        reversed = all;
    }

    /** Rows of one partition key and tail: a token range's rows hold several partitions. */
    @Override boolean sameKey(Row first, Row row) {
        return row.getByteBuffer(0).equals(first.getByteBuffer(0)) && row.getByteBuffer(4).equals(first.getByteBuffer(4));
    }

    /** Moves to the next key in range with a visible value. */
    private boolean step() {
        while (true) {
            if (!rowsLeft()) {
                if (!reads.hasNext()) return atEnd();
                readRows(reads.next().rows());
                continue;
            }
            KeyVersions versions = nextKey();
            if (!versions.present()) continue;
            Row first = versions.first();
            byte[] k = keyOf(first.getLong(5), CassandraStorage.bytes(first.getByteBuffer(4)), KeyLayout.unstored(first.getByteBuffer(0)));
            if ((from != null && Arrays.compareUnsigned(k, from) < 0) || (to != null && Arrays.compareUnsigned(k, to) >= 0)) continue;
            return at(k, CassandraStorage.bytes(versions.newest().getByteBuffer(2)));
        }
    }

    private byte[] keyOf(long token, byte[] pk, byte[] tail) {
        byte[] head = TokenPlan.head(keyspaceId, token);
        byte[] k = Arrays.copyOf(head, head.length + pk.length + tail.length);
        System.arraycopy(pk, 0, k, head.length, pk.length);
        System.arraycopy(tail, 0, k, head.length + pk.length, tail.length);
        return k;
    }

    /**
     * The plan's steps with each {@link TokenPlan.Partitions} replaced by a slice of each partition
     * of its token (listed when reached), cut by the range's bounds where they fall inside it.
     */
    private final class Expanded implements Iterator<TokenPlan.Step> {
        private final Iterator<TokenPlan.Step> plan;
        private final ArrayDeque<TokenPlan.Step> ready = new ArrayDeque<>();

        Expanded(Iterator<TokenPlan.Step> plan) {
            this.plan = plan;
        }

        @Override public boolean hasNext() {
            while (ready.isEmpty() && plan.hasNext()) {
                TokenPlan.Step step = plan.next();
                if (step instanceof TokenPlan.Partitions p) ready.addAll(slicesAt(p.token()));
                else ready.add(step);
            }
            return !ready.isEmpty();
        }

        @Override public TokenPlan.Step next() {
            if (!hasNext()) throw new java.util.NoSuchElementException();
            return ready.poll();
        }

        private List<TokenPlan.Step> slicesAt(long token) {
            byte[] head = TokenPlan.head(keyspaceId, token);
            List<byte[]> pks = storage.partitionsAt(table, token);
            pks.sort(Arrays::compareUnsigned);
            List<TokenPlan.Step> slices = new ArrayList<>(pks.size());
            for (byte[] pk : pks) {
                byte[] partition = Arrays.copyOf(head, head.length + pk.length);
                System.arraycopy(pk, 0, partition, head.length, pk.length);
                byte[] lower = null;
                byte[] upper = null;
                if (from != null) {
                    if (TokenPlan.startsWith(from, partition)) lower = Arrays.copyOfRange(from, partition.length, from.length);
                    else if (Arrays.compareUnsigned(partition, from) < 0) continue; // the whole partition is below from
                }
                if (to != null) {
                    if (TokenPlan.startsWith(to, partition)) upper = Arrays.copyOfRange(to, partition.length, to.length);
                    else if (Arrays.compareUnsigned(partition, to) >= 0) continue; // the whole partition is at or above to
                }
                slices.add(new TokenPlan.Slice(pk, lower, upper));
            }
            return slices;
        }
    }
}
