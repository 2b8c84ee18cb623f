package io.keyline.storage.cassandra;

import io.keyline.storage.Keyspaces;
import io.keyline.storage.PartitionLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Cassandra reads that cover a key range {@code [from, to)} of one partitioned keyspace
 * (docs/CLUSTER.md, "Layout"), in key order. Keys of such a keyspace are {@code id | token |
 * partition key | tail}, and Cassandra orders its partitions by token, then by partition-key bytes,
 * as Keyline orders keys. So:
 * <ul>
 *   <li>a range inside one partition (a Query) is one {@link Slice} of it;</li>
 *   <li>a range between token bounds (a Scan, a parallel-scan segment, docs/RULES.md#SCAN-SEGMENTS:
 *       bounds of at most 16 bytes)
 *       is one {@link TokenRange}, {@code token(pk) >= ? AND token(pk) < ?}, read from the replicas
 *       that own those tokens;</li>
 *   <li>a bound inside a token (a Scan resumed after a key) adds the {@link Partitions} of that
 *       token, sliced by the bound, before or after the token range.</li>
 * </ul>
 * Pure and stateless: the cursor executes the plan.
 */
final class TokenPlan {
    /** One read, in the plan's order. */
    sealed interface Step permits Slice, TokenRange, Partitions {}

    /** Rows of the partition {@code pk} with {@code lowerTail <= tail < upperTail} (raw tails; null = open). */
    record Slice(byte[] pk, byte[] lowerTail, byte[] upperTail) implements Step {}

    /** Rows of every partition with {@code lower <= token < upper} (null = open). */
    record TokenRange(Long lower, Long upper) implements Step {}

    /** Rows of every partition whose token is {@code token}, each cut by the range's bounds. */
    record Partitions(long token) implements Step {}

    private TokenPlan() {}

    /** The steps for {@code [from, to)} (null = open) within partitioned keyspace {@code keyspaceId}. */
    static List<Step> of(long keyspaceId, byte[] from, byte[] to, PartitionLayout layout) {
        byte[] start = Keyspaces.prefix(keyspaceId);
        byte[] end = keyspaceId == -1L ? null : Keyspaces.end(keyspaceId);
        boolean fromOpen = from == null || Arrays.compareUnsigned(from, start) <= 0;
        boolean toOpen = to == null || (end != null && Arrays.compareUnsigned(to, end) >= 0);
        if (!fromOpen && end != null && Arrays.compareUnsigned(from, end) >= 0) return List.of();
        if (!toOpen && Arrays.compareUnsigned(to, start) <= 0) return List.of();
        if (!fromOpen && !toOpen && Arrays.compareUnsigned(from, to) >= 0) return List.of();
        if (!fromOpen && !toOpen) {
            Slice one = onePartition(from, to, layout);
            if (one != null) return List.of(one);
        }
        Long lowToken = fromOpen ? null : token(from);
        boolean lowInside = !fromOpen && from.length > KeyLayout.HEAD_BYTES;
        Long highToken = toOpen ? null : token(to);
        boolean highInside = !toOpen && to.length > KeyLayout.HEAD_BYTES;
        List<Step> steps = new ArrayList<>(3);
        if (lowInside) steps.add(new Partitions(lowToken));
        if (lowInside && highInside && lowToken.longValue() == highToken.longValue()) return steps;
        Long lower = lowToken;
        boolean emptyMiddle = false;
        if (lowInside) {
            if (lowToken == Long.MAX_VALUE) emptyMiddle = true;
            else lower = lowToken + 1;
        }
        if (lower != null && lower == Long.MIN_VALUE) lower = null; // no key has the minimum token
        if (highToken != null && highToken == Long.MIN_VALUE) emptyMiddle = true;
        if (!emptyMiddle && (lower == null || highToken == null || lower < highToken)) steps.add(new TokenRange(lower, highToken));
        if (highInside) steps.add(new Partitions(highToken));
        return steps;
    }

    /**
     * The one partition of a range that starts inside a partition and ends inside it or at its
     * end: no other partition's key lies in between (encoded partition keys are prefix-free), so
     * a Query or a read of one partition is one slice. Null when the range is not so.
     */
    private static Slice onePartition(byte[] from, byte[] to, PartitionLayout layout) {
        int pkEnd = layout.partitionKeyEnd(from);
        if (pkEnd < 0) return null;
        byte[] partition = Arrays.copyOf(from, pkEnd);
        byte[] partitionEnd = Keyspaces.prefixEnd(partition);
        if (partitionEnd == null || Arrays.compareUnsigned(to, partitionEnd) > 0) return null;
        byte[] upper = startsWith(to, partition) ? Arrays.copyOfRange(to, pkEnd, to.length) : null;
        return new Slice(Arrays.copyOfRange(from, KeyLayout.HEAD_BYTES, pkEnd), Arrays.copyOfRange(from, pkEnd, from.length), upper);
    }

    /** The token a bound falls in: its bytes 8 to 16, zeros where it is shorter, sign bit flipped back. */
    static long token(byte[] bound) {
        long stored = 0;
        for (int i = Keyspaces.PREFIX_LENGTH; i < KeyLayout.HEAD_BYTES; i++) stored = (stored << 8) | (i < bound.length ? bound[i] & 0xff : 0);
        return stored ^ Long.MIN_VALUE;
    }

    /** The 16-byte head of keys with this token in keyspace {@code keyspaceId}. */
    static byte[] head(long keyspaceId, long token) {
        byte[] head = Arrays.copyOf(Keyspaces.prefix(keyspaceId), KeyLayout.HEAD_BYTES);
        long stored = token ^ Long.MIN_VALUE;
        for (int i = KeyLayout.HEAD_BYTES - 1; i >= Keyspaces.PREFIX_LENGTH; i--) {
            head[i] = (byte) stored;
            stored >>>= 8;
        }
        return head;
    }

    static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }
}
