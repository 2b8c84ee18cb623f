package io.keyline.engine.stream;

import io.keyline.storage.Coordination;
import io.keyline.storage.Coordination.Lease;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * What the streams of a node need from the other Keyline nodes on the same storage
 * (docs/STREAMS.md, "Several Keyline nodes"): shard numbers from a counter no two nodes share, which
 * writer nodes are alive, and the lease under which one node trims. A shard of several nodes is
 * one writer's records of one of {@value #RANGES} token ranges, the ranges by which
 * {@code engine.cluster.Ownership} hands items to nodes (the same cut: a token's top 6 bits), so
 * that an item's writer changes only when its range moves, and the new writer's shard of the
 * range names the old writer's as parent.
 *
 * <p>A writer is alive while its node lease (kind {@value #NODE_LEASE}, id = the node's id, which
 * the cluster duties renew every 2 s) has not run out. Threading: thread-safe (each call is a
 * read or a compare-and-set of the shared coordination).
 */
public final class StreamCluster {
    /** Token ranges, as {@code engine.cluster.Ownership} cuts the ring. */
    static final int RANGES = 64;
    /** The counter shard numbers come from. */
    static final String SHARD_COUNTER = "stream-shard";
    /** The node leases of {@code engine.cluster.Ownership}: a writer is alive while its lease is. */
    static final String NODE_LEASE = "node";
    /** The lease whose holder trims every stream (docs/RULES.md#STREAM-RETENTION); one row, id 0. */
    static final String TRIM_LEASE = "stream-trim";
    /** Longer than the trim interval, so that the holder keeps it from one trim to the next. */
    static final Duration TRIM_TERM = Duration.ofMinutes(3);

    private final Coordination coordination;
    private final long self;

    /** The streams side of node {@code nodeId} (its GSI log's and node lease's id) on {@code coordination}. */
    public StreamCluster(Coordination coordination, long nodeId) {
        this.coordination = coordination;
        this.self = nodeId;
    }

    /** The range of a token: its top 6 bits, in unsigned order (as {@code Ownership.rangeOf}). */
    static int rangeOf(long token) { return (int) ((token ^ Long.MIN_VALUE) >>> (Long.SIZE - 6)); }

    /** The first token of range {@code range}. */
    static long rangeStart(int range) { return ((long) range << (Long.SIZE - 6)) ^ Long.MIN_VALUE; }

    /** This node's id as a shard's writer. */
    long self() { return self; }

    /** A shard number no node was given before: at least 1, and below 2^30 for any realistic life of a keyspace. */
    long newShardNumber() { return coordination.takeId(SHARD_COUNTER, 1); }

    /** The writers alive now: those whose node lease has not run out, and this node. */
    Set<Long> liveWriters() {
        Set<Long> live = new HashSet<>();
        long now = coordination.nowMillis();
        for (Lease l : coordination.leases(NODE_LEASE)) if (!l.expiredAt(now)) live.add(l.id());
        live.add(self);
        return live;
    }

    /** Takes or renews the trim lease; true if this node holds it now and may trim. */
    boolean holdTrimLease() {
        Lease row = null;
        for (Lease l : coordination.leases(TRIM_LEASE)) if (l.id() == 0) row = l;
        if (row != null && row.owner().equals(coordination.self())) return coordination.renew(row, TRIM_TERM) != null;
        if (row != null && !row.expiredAt(coordination.nowMillis())) return false;
        return coordination.take(TRIM_LEASE, 0, row, TRIM_TERM) != null;
    }

    /** Now on the coordination's clock (lease expiries). */
    long nowMillis() { return coordination.nowMillis(); }
}
