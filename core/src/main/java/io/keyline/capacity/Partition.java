package io.keyline.capacity;

/**
 * One partition of a {@link PartitionMap}: the keys from its start (token, sort position)
 * inclusive up to the next partition's start. It owns the partition ceiling (docs/RULES.md#CAP-PARTITION-LINEAR: 3,000 RCU or
 * 1,000 WCU a second "or a linear combination of both"), kept as one bucket of write-equivalent
 * units in which a read unit costs a third. The bucket refills at the ceiling rate and banks at
 * most {@link CapacitySettings#partitionBurst} of it; a request is admitted while the bucket is
 * in credit and charged in full, even past zero, and while the debt is repaid every request is
 * refused (docs/RULES.md#CAP-PARTITION-INSTANT). Plus its size, item count, counters and the state
 * adaptive isolation needs: whether it has been hot for long, and its hottest key (a one-counter
 * majority vote, cheap enough for every request).
 *
 * <p>Threading: all mutable state is guarded by {@code this}; the start is immutable; the key
 * ranges are also read without the lock ({@link #covers}).
 */
final class Partition {
    /** Cost of one read unit in write-equivalent units: 1,000 / 3,000 (docs/RULES.md#CAP-PARTITION-LINEAR). */
    static final double READ_COST = Rules.PARTITION_WRITE_CEILING / Rules.PARTITION_READ_CEILING;
    private static final long SECOND = 1_000_000_000L;
    /** [inf] share of rising sort positions at which traffic counts as monotonic. */
    static final double MONOTONIC_SHARE = 0.9;

    final long startToken;
    final long startSort;

    private final TokenBucket ceiling;
    long sizeBytes;
    long items;
    /**
     * The keys seen here ({@link #observe}). Written under the lock; volatile so that
     * {@link #covers} may read them without it: in one partition they only ever widen.
     */
    volatile long minToken = Long.MAX_VALUE, maxToken = Long.MIN_VALUE;
    volatile long minSort = Long.MAX_VALUE, maxSort = Long.MIN_VALUE;

    double consumedRead, consumedWrite;
    long throttledReads, throttledWrites;

    private long windowStart;
    private double windowUsed;
    private boolean windowThrottled;
    private long hotSince = -1;
    /** Set under the lock, read without it after a request. */
    volatile boolean splitWanted;

    private long candidateToken, candidateSort;
    private int candidateVotes;

    /** Successive accesses to one token whose sort position went up, or down (monotonic detection). */
    private long lastToken, lastSort;
    private long sortUps, sortDowns;

    Partition(long startToken, long startSort, double ceilingTokens, long now, double ceilingCapacity) {
        this.startToken = startToken;
        this.startSort = startSort;
        this.ceiling = new TokenBucket(Rules.PARTITION_WRITE_CEILING, ceilingCapacity, ceilingTokens, now);
        this.windowStart = now;
    }

    /**
     * Admission of a write: a partition in credit, or one that already admitted an earlier part
     * of the same request ({@code sameRequest}), takes all of {@code units}, even past zero;
     * a partition in debt reports KEY_RANGE until the debt is repaid at the ceiling rate.
     * Caller holds the lock.
     */
    boolean tryWrite(double units, long now, long token, long sort, MapContext ctx, boolean sameRequest) {
        touch(now, token, sort, ctx);
        if (!sameRequest && !ceiling.inCredit()) {
            windowThrottled = true;
            return false;
        }
        ceiling.take(units);
        windowUsed += units;
        return true;
    }

    /**
     * Cluster mode: a write another node admitted here (a GSI entry whose token range this node
     * owns, docs/RULES.md#CLUSTER-GSI-BACK-PRESSURE): taken in full whatever the debt, as the
     * other node already admitted it, and counted as traffic for hot-key isolation. Caller holds the lock.
     */
    void chargeElsewhere(double units, long now, long token, long sort, MapContext ctx) {
        touch(now, token, sort, ctx);
        ceiling.take(units);
        windowUsed += units;
        consumedWrite += units;
    }

    /** How long the ceiling needs to repay its debt at the ceiling rate (0 in credit). Caller holds the lock. */
    long debtNanos(long now) {
        ceiling.refill(now);
        double t = ceiling.tokens();
        return t > 0 ? 0 : (long) Math.ceil(-t / Rules.PARTITION_WRITE_CEILING * 1e9) + 1;
    }

    /** Admission of a read: the ceiling must not be in debt; the read is charged once served. Caller holds the lock. */
    boolean canRead(long now, long token, long sort, MapContext ctx) {
        touch(now, token, sort, ctx);
        if (ceiling.inCredit()) return true;
        windowThrottled = true;
        return false;
    }

    void chargeRead(double units) {
        double weu = units * READ_COST;
        ceiling.take(weu);
        windowUsed += weu;
        consumedRead += units;
    }

    void refundWrite(double units) {
        ceiling.give(units);
        windowUsed -= units;
    }

    double ceilingTokens() { return ceiling.tokens(); }

    /** Write-equivalent units used in the current one-second window. Caller holds the lock. */
    double windowUsed() { return windowUsed; }

    long candidateToken() { return candidateToken; }

    long candidateSort() { return candidateSort; }

    /**
     * Whether traffic within a key climbs its sort key (docs/RULES.md#PART-SPLIT: a collection is split by sort
     * key "unless traffic follows a monotonic sort key", where a split would not spread it).
     */
    boolean monotonicSort() {
        return sortUps > 0 && sortUps >= MONOTONIC_SHARE * (sortUps + sortDowns);
    }

    void calmDown() {
        hotSince = -1;
        splitWanted = false;
    }

    /**
     * Whether {@link #observe} of this key would change nothing. Safe without the lock: the
     * ranges only widen, so a key covered by what a reader sees is covered from then on.
     */
    boolean covers(long token, long sort) {
        return token >= minToken && token <= maxToken && sort >= minSort && sort <= maxSort;
    }

    void observe(long token, long sort) {
        if (token < minToken) minToken = token;
        if (token > maxToken) maxToken = token;
        if (sort < minSort) minSort = sort;
        if (sort > maxSort) maxSort = sort;
    }

    /**
     * Refills the ceiling, closes finished one-second windows (a partition is hot in a window
     * where it used {@code hotFraction} of its ceiling or was throttled; hot for
     * {@code isolationDelay} in a row, it asks to split) and votes for the hottest key.
     */
    private void touch(long now, long token, long sort, MapContext ctx) {
        ceiling.refill(now);
        if (now - windowStart >= SECOND) {
            boolean hot = windowThrottled || windowUsed >= ctx.hotFraction() * Rules.PARTITION_WRITE_CEILING;
            long windowEnd = windowStart + SECOND;
            if (hot) {
                if (hotSince < 0) hotSince = windowStart;
                if (ctx.isolationEnabled() && windowEnd - hotSince >= ctx.isolationDelayNanos()) splitWanted = true;
            } else {
                hotSince = -1;
            }
            // Idle seconds since the window closed were not hot: the streak ends.
            if (now - windowEnd >= SECOND) hotSince = -1;
            windowStart = now;
            windowUsed = 0;
            windowThrottled = false;
        }
        if (token == lastToken) {
            if (sort > lastSort) sortUps++;
            else if (sort < lastSort) sortDowns++;
        }
        lastToken = token;
        lastSort = sort;
        if (candidateVotes == 0) {
            candidateToken = token;
            candidateSort = sort;
            candidateVotes = 1;
        } else if (candidateToken == token && candidateSort == sort) {
            candidateVotes++;
        } else {
            candidateVotes--;
        }
    }

    /**
     * A new partition starting at (token, sort) that inherits this one's ceiling state, debt
     * included: a split never lifts a hot key over its ceiling (docs/RULES.md#CAP-ADAPTIVE-ISOLATION),
     * nor forgives what it owes (docs/RULES.md#CAP-PARTITION-INSTANT).
     */
    Partition child(long token, long sort, long now, MapContext ctx) {
        ceiling.refill(now); // what was repaid up to the split belongs to the children too
        return new Partition(token, sort, ceiling.tokens(), now, ctx.ceilingCapacity());
    }

    /** Settings a partition reads from its map. */
    interface MapContext {
        double hotFraction();

        boolean isolationEnabled();

        long isolationDelayNanos();

        /** What an idle partition banks, in write-equivalent units ({@link CapacitySettings#partitionBurst}). */
        double ceilingCapacity();
    }
}
