package io.keyline.capacity;

import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The partitions of one table or one GSI over the 64-bit token space (docs/RULES.md#CAP-PARTITION-READ, #CAP-PARTITION-WRITE), and the admission
 * of requests to them.
 *
 * <p>A partition is addressed by (token, sort position): the token is the item's (or index
 * entry's) partition-key hash as a signed long; the sort position is an order-preserving 64-bit
 * image of its sort key ({@link SortPosition}), or 0 without one. Partitions are sorted by
 * start; the first starts at (Long.MIN_VALUE, Long.MIN_VALUE). A partition normally holds whole
 * token ranges; only when splitting by sort key is allowed (the map has a sort key and, for a
 * table, no LSI: docs/RULES.md#PART-SPLIT) can one token's item collection be cut by sort position. A single
 * (token, sort position) is never cut: one item stays on one partition.
 *
 * <p>Partitions split, never merge: when throughput needs more of them (docs/RULES.md#PART-COUNT), when one
 * passes {@link CapacitySettings#maxPartitionBytes()} (at the middle of the keys it holds), and
 * when one stays hot (adaptive isolation: its hottest key is cut out on its own).
 *
 * <p>Threading: the layout is an immutable array swapped under this object's lock
 * (copy-on-write, splits are rare); a request finds its partition without locking and then
 * holds that partition's lock and the {@link ThroughputLimits} lock, one after the other. Lock
 * order, where two are held: this map, then a partition. A request that found a partition just
 * before it split charges the old one; those few units miss the new partitions' ceilings.
 */
public final class PartitionMap implements Partition.MapContext {
    private final CapacityModel model;
    private final String tableName;
    private final String name;
    private final String arn;
    private final boolean index;
    private final boolean sortSplitAllowed;
    private final CapacitySettings settings;
    private final Clock clock;
    final ThroughputLimits limits;
    private volatile Layout layout;
    /** What the observer keeps for this map (its series handles), so it looks nothing up per request; opaque here. */
    private volatile Object observerState;
    private int knownGeneration;

    /**
     * Immutable: partitions sorted by start, starts copied into flat arrays for the search, and
     * a radix index over the top {@code 64 - shift} bits of the token: {@code first[b]} is the
     * last partition starting at or before the start of bucket b, so the partition of a token
     * in bucket b lies between {@code first[b]} and {@code first[b + 1]}. With about one bucket
     * per partition that range is a partition or two, and a lookup touches a cache line or two
     * instead of one per level of a binary search over thousands of starts.
     */
    private record Layout(Partition[] parts, long[] tokens, long[] sorts, int[] first, int shift) {
        /** Buckets at most 2^16 (256 KB of index) however many partitions: past that, ranges just get wider. */
        private static final int MAX_BUCKET_BITS = 16;

        static Layout of(List<Partition> list) {
            Partition[] parts = list.toArray(new Partition[0]);
            long[] t = new long[parts.length], s = new long[parts.length];
            for (int i = 0; i < parts.length; i++) { t[i] = parts[i].startToken; s[i] = parts[i].startSort; }
            // About one bucket per partition, and at least two buckets (shift stays below 64).
            int bits = Math.min(MAX_BUCKET_BITS, 32 - Integer.numberOfLeadingZeros(Math.max(1, parts.length - 1)));
            int[] first = new int[(1 << bits) + 1];
            int shift = 64 - bits;
            for (int b = 0, i = 0; b < first.length; b++) {
                if (b == 1 << bits) { first[b] = parts.length - 1; break; }
                long start = bucketStart(b, shift);
                while (i + 1 < t.length && t[i + 1] <= start) i++;
                first[b] = i;
            }
            return new Layout(parts, t, s, first, shift);
        }

        /** The bucket of a token: its top bits in unsigned order (tokens are signed longs). */
        int bucket(long token) { return (int) ((token ^ Long.MIN_VALUE) >>> shift); }

        private static long bucketStart(int b, int shift) { return ((long) b << shift) ^ Long.MIN_VALUE; }
    }

    PartitionMap(CapacityModel model, String tableName, String name, String arn, boolean index, boolean sortSplitAllowed,
                 Throughput throughput, int minPartitions, CapacitySettings settings, Clock clock) {
        this.model = model;
        this.tableName = tableName;
        this.name = name;
        this.arn = arn;
        this.index = index;
        this.sortSplitAllowed = sortSplitAllowed;
        this.settings = settings;
        this.clock = clock;
        long now = clock.nanos();
        this.limits = new ThroughputLimits(settings, throughput, now);
        this.knownGeneration = limits.generation;
        int n = Math.max(minPartitions, partitionsFor(throughput, limits));
        List<Partition> parts = new ArrayList<>(n);
        long step = Long.divideUnsigned(-1L, n);
        for (int i = 0; i < n; i++) {
            parts.add(new Partition(i == 0 ? Long.MIN_VALUE : Long.MIN_VALUE + step * i, Long.MIN_VALUE,
                    ceilingCapacity(), now, ceilingCapacity()));
        }
        this.layout = Layout.of(parts);
    }

    /**
     * Partitions a throughput needs: provisioned ⌈RCU/3,000 + WCU/1,000⌉ (inferred: docs/RULES.md#PART-COUNT);
     * on-demand enough for its current ceiling, reads or writes, since a partition serves 3,000
     * reads "or" 1,000 writes (docs/RULES.md#PART-COUNT; a new table: 4, which also explains the 4-RCU minimum of a Scan, inferred).
     */
    static int partitionsFor(Throughput t, ThroughputLimits limits) {
        if (t.onDemandMode()) {
            double r = limits.servingRead() / Rules.PARTITION_READ_CEILING;
            double w = limits.servingWrite() / Rules.PARTITION_WRITE_CEILING;
            return (int) Math.max(1, Math.ceil(Math.max(r, w) - 1e-9));
        }
        // a pre-warmed provisioned table has the partitions its warm throughput needs (docs/RULES.md#CAP-WARM-THROUGHPUT)
        double p = Math.max(t.read(), t.warmRead()) / Rules.PARTITION_READ_CEILING
                + Math.max(t.write(), t.warmWrite()) / Rules.PARTITION_WRITE_CEILING;
        return (int) Math.max(1, Math.ceil(p - 1e-9));
    }

    /** The table's name, or the GSI's: see {@link #tableName()}. */
    public String name() { return name; }

    /** The name of the table this map belongs to (its own for a table's map). */
    /**
     * What the {@link CapacityObserver} keeps for this map, or null: the metrics keep their series
     * handles here, resolved on the map's first charge, so a charge costs no lookup. The model
     * never reads it.
     */
    public Object observerState() { return observerState; }

    public void observerState(Object state) { observerState = state; }

    public String tableName() { return tableName; }

    /** Read units a second this table or index serves at once: its warm throughput (docs/RULES.md#CAP-WARM-THROUGHPUT). */
    public double warmRead() { return limits.warmRead(); }

    public double warmWrite() { return limits.warmWrite(); }

    public String arn() { return arn; }

    /** The weight the model charges units with now ({@link CapacityModel#weighRequests}). */
    double requestWeight() { return model.requestWeight(); }

    public boolean isIndex() { return index; }

    public int partitionCount() { return layout.parts.length; }

    /**
     * Where each partition starts as of now, in order: partition i starts at
     * ({@code starts[0][i]}, {@code starts[1][i]}) (token, sort position) and ends where i + 1 starts.
     * Copies, for a reader that follows the partitions (stream shards) and is told of no split.
     */
    public long[][] partitionStarts() {
        Layout l = layout;
        return new long[][] {l.tokens.clone(), l.sorts.clone()};
    }

    /**
     * The token that names the partition holding (token, sort) across nodes: its first token, or
     * the token itself for a partition cut inside a token (by sort key). In cluster mode the node
     * that owns this token keeps the partition's count for every node
     * (docs/RULES.md#CLUSTER-PARTITION-HOME).
     */
    public long homeToken(long token, long sort) {
        Layout l = layout;
        int i = find(l, token, sort);
        boolean lastPartition = i + 1 == l.parts.length;
        if (l.sorts[i] != Long.MIN_VALUE || !lastPartition && l.sorts[i + 1] != Long.MIN_VALUE) return token;
        return l.tokens[i];
    }

    /** Position of the partition holding (token, sort), 0-based in token order. */
    public int partitionOf(long token, long sort) { return find(layout, token, sort); }

    // ---- admission -------------------------------------------------------------------------

    /**
     * Admits a read of (token, sort) or says why not. The read is charged afterwards with
     * {@link #chargeRead}, once its size is known; until then a partition or table in debt
     * from earlier reads refuses new ones.
     */
    public Throttle admitRead(long token, long sort) {
        CapacityMode mode = settings.mode();
        if (mode == CapacityMode.OFF) return null;
        long now = clock.nanos();
        Layout l = layout;
        int i = find(l, token, sort);
        Partition p = l.parts[i];
        LimitKind limit = null;
        synchronized (p) {
            if (!p.canRead(now, token, sort, this)) { limit = LimitKind.KEY_RANGE; p.throttledReads++; }
        }
        ClusterAdmission cluster = model.cluster();
        if (limit == null && cluster != null && cluster.refusedElsewhere(this, token, now)) {
            // a read of a token another node owns (a Scan page): refused while its partition there is in debt
            limit = LimitKind.KEY_RANGE;
            synchronized (p) { p.throttledReads++; }
        }
        if (limit == null) {
            limit = limits.canRead(now);
            if (limit != null) synchronized (p) { p.throttledReads++; }
        }
        if (limit == null) return null;
        countThrottle(false, limit, i);
        afterRequest(p);
        return mode == CapacityMode.ACCOUNT ? null : throttle(false, limit, i);
    }

    /** Charges a served read (units from {@link Units} or a {@link ReadMeter}). */
    public void chargeRead(long token, long sort, double units) {
        if (settings.mode() == CapacityMode.OFF) return;
        units *= model.requestWeight();
        long now = clock.nanos();
        Partition p = layout.parts[find(layout, token, sort)];
        synchronized (p) { p.chargeRead(units); }
        limits.chargeRead(units, now);
        ClusterAdmission cluster = model.cluster();
        // a read of a token another node owns counts on its partition, in write-equivalent units (docs/RULES.md#CLUSTER-SCAN)
        if (cluster != null) cluster.admitted(this, token, sort, units * Partition.READ_COST);
        model.observer().consumed(this, false, units);
        afterRequest(p);
    }

    /** Admits and charges a write that touches only this map (a table without GSIs). */
    public Throttle admitWrite(long token, long sort, double units) {
        CapacityMode mode = settings.mode();
        if (mode == CapacityMode.OFF) return null;
        units *= model.requestWeight();
        long now = clock.nanos();
        Layout l = layout;
        int i = find(l, token, sort);
        Partition p = l.parts[i];
        LimitKind limit = tryWrite(p, units, now, token, sort, false);
        if (limit != null) {
            if (mode == CapacityMode.ENFORCE) {
                afterRequest(p);
                return throttle(true, limit, i);
            }
            serveAnyway(p, units);
        }
        model.observer().consumed(this, true, units);
        afterRequest(p);
        return null;
    }

    /** Records a change in stored bytes and items at (token, sort); may split the partition (docs/RULES.md#PART-SIZE). */
    public void recordSize(long token, long sort, long deltaBytes, long deltaItems) {
        recordSize(token, sort, deltaBytes, deltaItems, null);
    }

    /**
     * As {@link #recordSize(long, long, long, long)}, taking the partition from {@code admitted}
     * (the write's admitted charge, or null) when it located (token, sort) in the current layout.
     */
    public void recordSize(long token, long sort, long deltaBytes, long deltaItems, WriteCharge admitted) {
        if (settings.mode() == CapacityMode.OFF) return;
        // An overwrite of the same size changes nothing: no key observed, no size to split on
        // (a split the partition's size wanted was tried by the write that changed it).
        if (deltaBytes == 0 && deltaItems == 0) return;
        Partition p = partitionAt(token, sort, admitted);
        boolean tooBig;
        synchronized (p) {
            p.sizeBytes += deltaBytes;
            p.items += deltaItems;
            if (deltaBytes > 0) p.observe(token, sort);
            tooBig = p.sizeBytes > settings.maxPartitionBytes();
        }
        if (tooBig) splitForSize(p);
    }

    /** Records an entry rewritten in place at (token, sort); see the five-argument form. */
    public void recordResize(long token, long sort, long oldBytes, long newBytes) {
        recordResize(token, sort, oldBytes, newBytes, null);
    }

    /**
     * Records an entry rewritten in place at (token, sort), from {@code oldBytes} to
     * {@code newBytes}: the same as {@link #recordSize} with −old then +new, in one lookup and
     * one lock. {@code admitted} as for {@link #recordSize(long, long, long, long, WriteCharge)}.
     */
    public void recordResize(long token, long sort, long oldBytes, long newBytes, WriteCharge admitted) {
        if (settings.mode() == CapacityMode.OFF) return;
        Partition p = partitionAt(token, sort, admitted);
        // The same size at a key already seen here: nothing to record (see recordSize).
        if (oldBytes == newBytes && (newBytes <= 0 || p.covers(token, sort))) return;
        boolean tooBig;
        synchronized (p) {
            p.sizeBytes += newBytes - oldBytes;
            if (newBytes > 0) p.observe(token, sort);
            tooBig = p.sizeBytes > settings.maxPartitionBytes();
        }
        if (tooBig) splitForSize(p);
    }

    /**
     * Step one of a write: the partition's ceiling, then the table's limit; nothing kept on
     * failure. {@code sameRequest}: the partition already admitted an earlier part of this
     * request, which it then admits whatever its debt ({@link Partition#tryWrite}).
     */
    LimitKind tryWrite(Partition p, double units, long now, long token, long sort, boolean sameRequest) {
        ClusterAdmission cluster = model.cluster();
        if (cluster != null && !sameRequest && cluster.refusedElsewhere(this, token, now)) {
            // the node that owns this token has its partition in debt (docs/RULES.md#CLUSTER-GSI-BACK-PRESSURE)
            synchronized (p) { p.throttledWrites++; }
            countThrottle(true, LimitKind.KEY_RANGE, p);
            return LimitKind.KEY_RANGE;
        }
        boolean room;
        synchronized (p) {
            room = p.tryWrite(units, now, token, sort, this, sameRequest);
            if (room) p.consumedWrite += units; else p.throttledWrites++;
        }
        if (!room) {
            countThrottle(true, LimitKind.KEY_RANGE, p);
            return LimitKind.KEY_RANGE;
        }
        LimitKind limit = limits.tryWrite(units, now);
        if (limit != null) {
            synchronized (p) {
                p.refundWrite(units);
                p.consumedWrite -= units;
                p.throttledWrites++;
            }
            countThrottle(true, limit, p);
        }
        return limit;
    }

    // ---- cluster mode (docs/CLUSTER.md, "Capacity across nodes") ---------------------------

    /**
     * A write part another node admitted at (token, sort), which this node owns: charged to the
     * partition there in full, whatever its debt (docs/RULES.md#CLUSTER-GSI-BACK-PRESSURE). The
     * table's or index's own limits are not charged: the other node charged its share of them.
     */
    public void chargeElsewhere(long token, long sort, double units) {
        if (settings.mode() == CapacityMode.OFF) return;
        long now = clock.nanos();
        Partition p = layout.parts[find(layout, token, sort)];
        synchronized (p) { p.chargeElsewhere(units, now, token, sort, this); }
        afterRequest(p);
    }

    /** A partition in debt: its first and last token, and how long until its debt is repaid. */
    public record Debt(long firstToken, long lastToken, long nanos) {}

    /** The debt of the partition holding (token, sort), or null if it is in credit. */
    public Debt debtAt(long token, long sort) {
        Layout l = layout;
        int i = find(l, token, sort);
        Partition p = l.parts[i];
        long nanos;
        synchronized (p) { nanos = p.debtNanos(clock.nanos()); }
        if (nanos == 0) return null;
        boolean lastPartition = i + 1 == l.parts.length;
        // a partition cut inside a token (by sort key) is named by the token asked about alone
        if (l.sorts[i] != Long.MIN_VALUE || !lastPartition && l.sorts[i + 1] != Long.MIN_VALUE) return new Debt(token, token, nanos);
        return new Debt(l.tokens[i], lastPartition ? Long.MAX_VALUE : l.tokens[i + 1] - 1, nanos);
    }

    /** Units asked of this table or index since it was made, admitted or not: what its share across nodes follows. */
    public double demand(boolean write) { return limits.demand(write); }

    /**
     * This node's share of the table's or index's limits, and setting it (docs/RULES.md#CLUSTER-TABLE-BUDGET-SHARE).
     * Returns the banked units {read, write} a smaller share took out, for the other nodes.
     */
    public double[] share(double read, double write) { return limits.share(read, write, clock.nanos()); }

    /** Banks units another node's smaller share took out, up to this node's bank. */
    public void bankFromElsewhere(double read, double write) { limits.bank(read, write, clock.nanos()); }

    /** Units banked now at the table (or index) level on this node (negative: debt). */
    public double banked(boolean write) { return limits.banked(write); }

    public double readShare() { return limits.readShare(); }

    public double writeShare() { return limits.writeShare(); }

    /** Units other nodes admitted here lately, counted toward an on-demand table's peak. */
    public void countUsedElsewhere(double read, double write) { limits.countUsedElsewhere(read, write, clock.nanos()); }

    /** Books a throttle event in the table's counters and tells the observer (docs/RULES.md#THROTTLE-REASONS). */
    private void countThrottle(boolean write, LimitKind limit, int partition) {
        limits.countThrottle(write, limit);
        model.observer().throttled(this, write, limit, partition);
    }

    private void countThrottle(boolean write, LimitKind limit, Partition p) {
        limits.countThrottle(write, limit);
        CapacityObserver observer = model.observer();
        if (observer != CapacityObserver.NONE) observer.throttled(this, write, limit, Math.max(0, indexOf(layout, p)));
    }

    /** Undoes a successful {@link #tryWrite} when another part of the same write was throttled. */
    void refundWrite(Partition p, double units) {
        synchronized (p) {
            p.refundWrite(units);
            p.consumedWrite -= units;
        }
        limits.refundWrite(units);
    }

    /** Account mode: the write is served although a limit said no; it is counted, not banked. */
    void serveAnyway(Partition p, double units) {
        synchronized (p) { p.consumedWrite += units; }
        limits.countServed(true, units);
    }

    /** Finds the partition of part {@code i} of a write and notes it, with the layout, in the charge. */
    Partition locate(WriteCharge charge, int i) {
        Layout l = layout;
        Partition p = l.parts[find(l, charge.tokens[i], charge.sorts[i])];
        charge.parts[i] = p;
        charge.layouts[i] = l;
        return p;
    }

    /** The partition holding (token, sort) now: the one admission located if the layout is unchanged. */
    private Partition partitionAt(long token, long sort, WriteCharge admitted) {
        Layout l = layout;
        Partition p = admitted == null ? null : admitted.located(this, l, token, sort);
        return p != null ? p : l.parts[find(l, token, sort)];
    }

    Throttle throttle(boolean write, LimitKind limit, int partition) {
        return Throttle.of(limits.onDemand(), index, write, limit, arn, limit == LimitKind.KEY_RANGE ? partition : -1);
    }

    Throttle throttle(boolean write, LimitKind limit, long token, long sort) {
        return throttle(write, limit, partitionOf(token, sort));
    }

    /** Housekeeping after a request: isolation of a hot partition, partitions for new throughput. */
    void afterRequest(Partition p) {
        if (p.splitWanted) isolate(p);
        if (limits.generation != knownGeneration) growForThroughput();
    }

    // ---- throughput changes ----------------------------------------------------------------

    /** Applies a new throughput or billing mode (UpdateTable); partitions are added, never removed. */
    void configure(Throughput t) {
        limits.configure(t, clock.nanos());
        growForThroughput();
    }

    private synchronized void growForThroughput() {
        knownGeneration = limits.generation;
        int needed = partitionsFor(limits.throughput(), limits);
        Layout l = layout;
        if (l.parts.length >= needed) return;
        List<Partition> parts = new ArrayList<>(List.of(l.parts));
        long now = clock.nanos();
        while (parts.size() < needed) {
            int widest = 0;
            long widestSpan = 0;
            for (int i = 0; i < parts.size(); i++) {
                long span = (i + 1 < parts.size() ? parts.get(i + 1).startToken : Long.MAX_VALUE) - parts.get(i).startToken;
                if (Long.compareUnsigned(span, widestSpan) > 0) { widestSpan = span; widest = i; }
            }
            if (widestSpan == 0) break;
            Partition p = parts.get(widest);
            long mid = p.startToken + (widestSpan >>> 1) + 1;
            Partition right;
            Partition left;
            synchronized (p) {
                left = p.child(p.startToken, p.startSort, now, this);
                right = p.child(mid, Long.MIN_VALUE, now, this);
                moveHalf(p, left, right, mid);
            }
            parts.set(widest, left);
            parts.add(widest + 1, right);
        }
        layout = Layout.of(parts);
    }

    // ---- splits ----------------------------------------------------------------------------

    /** Adaptive isolation (docs/RULES.md#CAP-ADAPTIVE-ISOLATION): cut the partition's hottest key out on its own. */
    private synchronized void isolate(Partition p) {
        Layout l = layout;
        int i = indexOf(l, p);
        if (i < 0) return;
        long t, s;
        boolean monotonic;
        synchronized (p) {
            t = p.candidateToken();
            s = p.candidateSort();
            monotonic = p.monotonicSort();
            p.calmDown();
        }
        List<long[]> points = new ArrayList<>();
        addPoint(points, l, i, t, Long.MIN_VALUE);
        if (t != Long.MAX_VALUE) addPoint(points, l, i, t + 1, Long.MIN_VALUE);
        if (points.isEmpty() && sortSplitAllowed && !monotonic) {
            addPoint(points, l, i, t, s);
            if (s != Long.MAX_VALUE) addPoint(points, l, i, t, s + 1);
        }
        if (!points.isEmpty()) replace(l, i, points);
    }

    /** Size split (docs/RULES.md#PART-SPLIT): at the middle of the tokens it holds, or of the sort positions of its one token. */
    private synchronized void splitForSize(Partition p) {
        Layout l = layout;
        int i = indexOf(l, p);
        if (i < 0) return;
        List<long[]> points = new ArrayList<>();
        synchronized (p) {
            if (p.sizeBytes <= settings.maxPartitionBytes()) return;
            if (p.minToken < p.maxToken) {
                addPoint(points, l, i, midpoint(p.minToken, p.maxToken) + 1, Long.MIN_VALUE);
            } else if (sortSplitAllowed && p.minSort < p.maxSort) {
                addPoint(points, l, i, p.minToken, midpoint(p.minSort, p.maxSort) + 1);
            }
        }
        if (!points.isEmpty()) replace(l, i, points);
    }

    /** Adds (token, sort) as a split point if it lies strictly inside partition i. */
    private static void addPoint(List<long[]> points, Layout l, int i, long token, long sort) {
        if (compare(token, sort, l.tokens[i], l.sorts[i]) <= 0) return;
        if (i + 1 < l.parts.length && compare(token, sort, l.tokens[i + 1], l.sorts[i + 1]) >= 0) return;
        points.add(new long[] {token, sort});
    }

    /** Replaces partition i by itself cut at the given sorted points; sizes are shared out evenly [inf]. */
    private void replace(Layout l, int i, List<long[]> points) {
        Partition p = l.parts[i];
        long now = clock.nanos();
        List<Partition> parts = new ArrayList<>(l.parts.length + points.size());
        for (int j = 0; j < i; j++) parts.add(l.parts[j]);
        synchronized (p) {
            int n = points.size() + 1;
            for (int k = 0; k < n; k++) {
                long st = k == 0 ? p.startToken : points.get(k - 1)[0];
                long ss = k == 0 ? p.startSort : points.get(k - 1)[1];
                Partition c = p.child(st, ss, now, this);
                c.sizeBytes = p.sizeBytes / n + (k == 0 ? p.sizeBytes % n : 0);
                c.items = p.items / n + (k == 0 ? p.items % n : 0);
                long endToken = k + 1 < n ? points.get(k)[0] : (i + 1 < l.parts.length ? l.tokens[i + 1] : Long.MAX_VALUE);
                c.minToken = Math.max(p.minToken, st);
                c.maxToken = Math.min(p.maxToken, endToken);
                c.minSort = p.minSort;
                c.maxSort = p.maxSort;
                parts.add(c);
            }
        }
        for (int j = i + 1; j < l.parts.length; j++) parts.add(l.parts[j]);
        layout = Layout.of(parts);
    }

    /** Shares a partition's size between the two halves of a split at {@code token} [inf: evenly]. */
    private static void moveHalf(Partition from, Partition left, Partition right, long token) {
        left.sizeBytes = from.sizeBytes - from.sizeBytes / 2;
        right.sizeBytes = from.sizeBytes / 2;
        left.items = from.items - from.items / 2;
        right.items = from.items / 2;
        if (from.minToken < token) { left.minToken = from.minToken; left.maxToken = Math.min(from.maxToken, token - 1); }
        if (from.maxToken >= token) { right.minToken = Math.max(from.minToken, token); right.maxToken = from.maxToken; }
        left.minSort = right.minSort = from.minSort;
        left.maxSort = right.maxSort = from.maxSort;
    }

    private static int indexOf(Layout l, Partition p) {
        int i = find(l, p.startToken, p.startSort);
        return l.parts[i] == p ? i : -1;
    }

    /**
     * The last partition starting at or before (token, sort). Searched on tokens alone, first
     * in the layout's radix index, then by a binary search over the few partitions of the
     * token's bucket, in a form the JIT compiles without unpredictable branches; partitions that
     * share a start token (sort-key splits) are then stepped back over by sort position.
     */
    private static int find(Layout l, long token, long sort) {
        long[] tokens = l.tokens;
        int b = l.bucket(token);
        int lo = l.first[b];
        for (int n = l.first[b + 1] - lo + 1; n > 1; ) {
            int half = n >>> 1;
            if (tokens[lo + half] <= token) lo += half;
            n -= half;
        }
        while (lo > 0 && tokens[lo] == token && l.sorts[lo] > sort) lo--;
        return lo;
    }

    private static int compare(long t1, long s1, long t2, long s2) {
        int c = Long.compare(t1, t2);
        return c != 0 ? c : Long.compare(s1, s2);
    }

    private static long midpoint(long a, long b) {
        return (a >> 1) + (b >> 1) + (a & b & 1);
    }

    // ---- context for partitions ------------------------------------------------------------

    @Override public double hotFraction() { return settings.hotFraction(); }

    @Override public boolean isolationEnabled() { return settings.isolationEnabled(); }

    @Override public long isolationDelayNanos() { return settings.isolationDelay().toNanos(); }

    @Override public double ceilingCapacity() {
        return Rules.PARTITION_WRITE_CEILING * settings.partitionBurst().toNanos() / 1e9;
    }

    // ---- metrics ---------------------------------------------------------------------------

    /**
     * Explains a throttle event reported to a {@link CapacityObserver}: the partition's token
     * range and state, and the table's (or GSI's). Takes the partition's and the limits' locks
     * in turn; for the few events that are reported, not for every one.
     */
    public ThrottleExplanation explain(boolean write, LimitKind limit, int partition) {
        Layout l = layout;
        int i = Math.min(Math.max(partition, 0), l.parts.length - 1);
        Partition p = l.parts[i];
        long last = i + 1 < l.parts.length ? l.tokens[i + 1] - (l.sorts[i + 1] == Long.MIN_VALUE ? 1 : 0) : Long.MAX_VALUE;
        double used, banked;
        synchronized (p) {
            used = p.windowUsed();
            banked = p.ceilingTokens();
        }
        double available = write ? limits.servingWrite() : limits.servingRead();
        return new ThrottleExplanation(settings.mode() == CapacityMode.ENFORCE, tableName, index ? name : null, write, ThrottlingReason.of(index, write, limit),
                i, l.parts.length, p.startToken, last, used, Rules.PARTITION_WRITE_CEILING, banked,
                limits.windowUsed(write), available, limits.banked(write), limits.onDemand(), Double.NaN, Double.NaN, null);
    }

    /** Units this table or GSI used in the current second (reads or writes). */
    public double usedThisSecond(boolean write) { return limits.windowUsed(write); }

    /** Units a second this table or GSI serves now: provisioned, or its on-demand ceiling. */
    public double serving(boolean write) { return write ? limits.servingWrite() : limits.servingRead(); }

    /** The throughput this table or GSI is configured with (provisioned units, or on-demand with its maximums). */
    public Throughput throughput() { return limits.throughput(); }

    /** Units consumed since the map was made (a table's or GSI's total, as {@link #snapshot()} reports it). */
    public double consumed(boolean write) { return write ? limits.consumedWrite() : limits.consumedRead(); }

    /** Plain-data view of this map and its partitions, for an admin endpoint. */
    public CapacitySnapshot.MapSnapshot snapshot() {
        Layout l = layout;
        List<CapacitySnapshot.PartitionSnapshot> parts = new ArrayList<>(l.parts.length);
        for (Partition p : l.parts) {
            synchronized (p) {
                parts.add(new CapacitySnapshot.PartitionSnapshot(p.startToken, p.startSort, p.sizeBytes, p.items,
                        p.consumedRead, p.consumedWrite, p.throttledReads, p.throttledWrites, p.ceilingTokens()));
            }
        }
        Throughput t = limits.throughput();
        long[] counts = limits.throttleCounts();
        java.util.Map<String, Long> byReason = new java.util.LinkedHashMap<>();
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] == 0) continue;
            byReason.put(ThrottlingReason.of(index, k >= 4, LimitKind.values()[k % 4]).wire(), counts[k]);
        }
        return new CapacitySnapshot.MapSnapshot(name, arn, index, t.billing(), t.read(), t.write(),
                limits.servingRead(), limits.servingWrite(), limits.consumedRead(), limits.consumedWrite(),
                byReason, parts);
    }
}
