package io.keyline.capacity;

/**
 * The limits of one table or GSI as a whole, above its partitions (docs/RULES.md#CAP-BURST, #CAP-ADAPTIVE-BOOST, #CAP-ON-DEMAND-PEAK, #QUOTA-TABLE):
 * <ul>
 * <li>provisioned: read and write buckets filling at the provisioned rate and banking up to
 *     {@link Rules#BURST_WINDOW} of unused units; a hot partition may draw on the whole table's
 *     units (adaptive boost), its own ceiling being the only other limit;</li>
 * <li>on-demand: buckets filling at min(2 × previous peak, OnDemandThroughput maximum, table
 *     quota) and banking {@link CapacitySettings#ON_DEMAND_TABLE_BURST} of it. The peak is measured in one-second windows; a new peak raises the ceiling after
 *     {@link CapacitySettings#onDemandGrowthDelay()}. Peaks never go down.</li>
 * </ul>
 * Also keeps the table-level counters. Threading: every method synchronizes on this object;
 * a request holds this lock once, briefly, and never while holding another.
 *
 * <p>Cluster mode (docs/RULES.md#CLUSTER-TABLE-BUDGET-SHARE): when several Keyline nodes admit
 * requests of one table, each holds a share of these limits ({@link #share}): its buckets fill
 * at that share of the rate and bank that share of the burst, while {@link #servingRead()} and
 * {@link #servingWrite()} stay the whole table's. Alone, the share is 1 and nothing changes.
 */
final class ThroughputLimits {
    private static final long SECOND = 1_000_000_000L;

    private final CapacitySettings settings;
    private Throughput throughput;
    private final TokenBucket read;
    private final TokenBucket write;
    private LimitKind readLimit = LimitKind.PROVISIONED;
    private LimitKind writeLimit = LimitKind.PROVISIONED;
    /** The whole table's rates and banks, before this node's share of them. */
    private double readRate, readBank, writeRate, writeBank;
    /** This node's share of the rates and banks (cluster mode; 1 alone). */
    private double readShare = 1, writeShare = 1;
    /** Units asked for, admitted or not (a refused read counts one): what a node's share follows. */
    private double demandRead, demandWrite;

    /** Previous peak, per second; a new on-demand table behaves as if it had seen half its initial capacity. */
    private double peakRead = Rules.ON_DEMAND_INITIAL_READ / Rules.ON_DEMAND_PEAK_MULTIPLIER;
    private double peakWrite = Rules.ON_DEMAND_INITIAL_WRITE / Rules.ON_DEMAND_PEAK_MULTIPLIER;
    private double pendingRead, pendingWrite;
    private long pendingSince = -1;
    private long windowStart;
    private double windowRead, windowWrite;
    private double highestProvisionedRead, highestProvisionedWrite;
    /** Pre-warming asked for (WarmThroughput), the highest ever; and whether the table was ever on-demand. */
    private double prewarmRead, prewarmWrite;
    private boolean everOnDemand;

    double consumedRead, consumedWrite;
    /** Bumped whenever the serving rates change, so the map can add the partitions they need. */
    volatile int generation;
    final long[] throttles = new long[ThrottlingReason.values().length / 2];

    ThroughputLimits(CapacitySettings settings, Throughput throughput, long now) {
        this.settings = settings;
        this.read = new TokenBucket(0, 0, 0, now);
        this.write = new TokenBucket(0, 0, 0, now);
        this.windowStart = now;
        configure(throughput, now);
        read.fill();
        write.fill();
    }

    /**
     * Applies a (new) throughput. Switching to on-demand keeps at least the highest provisioned
     * throughput ever set (docs/RULES.md#CAP-ON-DEMAND-SWITCH-FLOOR); a provisioned table starts its new rate with its
     * banked units clipped to the new burst window.
     */
    synchronized void configure(Throughput t, long now) {
        read.refill(now);
        write.refill(now);
        boolean wasOnDemand = throughput != null && throughput.onDemandMode();
        this.throughput = t;
        prewarmRead = Math.max(prewarmRead, t.warmRead());
        prewarmWrite = Math.max(prewarmWrite, t.warmWrite());
        if (t.onDemandMode()) {
            everOnDemand = true;
            // pre-warming an on-demand table lifts its ceiling at once, as a previous peak would
            peakRead = Math.max(peakRead, prewarmRead / Rules.ON_DEMAND_PEAK_MULTIPLIER);
            peakWrite = Math.max(peakWrite, prewarmWrite / Rules.ON_DEMAND_PEAK_MULTIPLIER);
            peakRead = Math.max(peakRead, highestProvisionedRead / Rules.ON_DEMAND_PEAK_MULTIPLIER);
            peakWrite = Math.max(peakWrite, highestProvisionedWrite / Rules.ON_DEMAND_PEAK_MULTIPLIER);
            applyOnDemand();
            if (!wasOnDemand) { read.fill(); write.fill(); }
        } else {
            highestProvisionedRead = Math.max(highestProvisionedRead, t.read());
            highestProvisionedWrite = Math.max(highestProvisionedWrite, t.write());
            double burst = Rules.BURST_WINDOW.toSeconds();
            rates(t.read(), t.read() * burst, t.write(), t.write() * burst);
            readLimit = LimitKind.PROVISIONED;
            writeLimit = LimitKind.PROVISIONED;
            generation++;
            if (wasOnDemand) { read.fill(); write.fill(); }
        }
    }

    private void applyOnDemand() {
        double window = CapacitySettings.ON_DEMAND_TABLE_BURST.toNanos() / (double) SECOND;
        double r = Rules.ON_DEMAND_PEAK_MULTIPLIER * peakRead;
        double w = Rules.ON_DEMAND_PEAK_MULTIPLIER * peakWrite;
        readLimit = LimitKind.KEY_RANGE;
        writeLimit = LimitKind.KEY_RANGE;
        if (settings.tableQuotaRead() < r) { r = settings.tableQuotaRead(); readLimit = LimitKind.ACCOUNT_LIMIT; }
        if (settings.tableQuotaWrite() < w) { w = settings.tableQuotaWrite(); writeLimit = LimitKind.ACCOUNT_LIMIT; }
        if (throughput.maxRead() > 0 && throughput.maxRead() <= r) { r = throughput.maxRead(); readLimit = LimitKind.MAX_ON_DEMAND; }
        if (throughput.maxWrite() > 0 && throughput.maxWrite() <= w) { w = throughput.maxWrite(); writeLimit = LimitKind.MAX_ON_DEMAND; }
        rates(r, r * window, w, w * window);
        generation++;
    }

    /** The whole table's rates and banks; the buckets get this node's share of them. */
    private void rates(double readRate, double readBank, double writeRate, double writeBank) {
        this.readRate = readRate;
        this.readBank = readBank;
        this.writeRate = writeRate;
        this.writeBank = writeBank;
        read.reset(readRate * readShare, readBank * readShare);
        write.reset(writeRate * writeShare, writeBank * writeShare);
    }

    /**
     * Cluster mode: this node admits {@code readShare} and {@code writeShare} (0 to 1) of the
     * table's limits from now on. Banked units above the new bank are taken out, so the nodes'
     * banks never hold more than the table's in total, and returned {read, write}: the caller
     * hands them to the nodes whose shares grew ({@link #bank}), so a swing of the shares moves
     * the table's burst between nodes instead of throwing it away.
     */
    synchronized double[] share(double readShare, double writeShare, long now) {
        advance(now);
        this.readShare = readShare;
        this.writeShare = writeShare;
        double readOut = read.reset(readRate * readShare, readBank * readShare);
        double writeOut = write.reset(writeRate * writeShare, writeBank * writeShare);
        return new double[] {readOut, writeOut};
    }

    /**
     * Cluster mode: banks units another node took out of its share ({@link #share}), up to this
     * node's bank; what does not fit is dropped, never held above the bank.
     */
    synchronized void bank(double readUnits, double writeUnits, long now) {
        advance(now);
        if (readUnits > 0) read.deposit(readUnits);
        if (writeUnits > 0) write.deposit(writeUnits);
    }

    synchronized double readShare() { return readShare; }

    synchronized double writeShare() { return writeShare; }

    /** Units asked of this table or index since it was made, admitted or not (cluster mode's demand). */
    synchronized double demand(boolean isWrite) { return isWrite ? demandWrite : demandRead; }

    /**
     * Cluster mode: units other nodes admitted on this table or index, counted in the current
     * one-second window, so that an on-demand table's previous peak is the whole table's.
     */
    synchronized void countUsedElsewhere(double readUnits, double writeUnits, long now) {
        advance(now);
        windowRead += readUnits;
        windowWrite += writeUnits;
    }

    /** Takes {@code units} of write capacity, or names the limit in the way. */
    synchronized LimitKind tryWrite(double units, long now) {
        advance(now);
        demandWrite += units;
        if (!write.hasRoom(units)) return writeLimit;
        write.take(units);
        windowWrite += units;
        consumedWrite += units;
        return null;
    }

    synchronized void refundWrite(double units) {
        write.give(units);
        windowWrite -= units;
        consumedWrite -= units;
    }

    /** Reads are admitted while the bucket is not in debt and charged once served. */
    synchronized LimitKind canRead(long now) {
        advance(now);
        if (read.tokens() > 0) return null;
        demandRead++;
        return readLimit;
    }

    synchronized void chargeRead(double units, long now) {
        advance(now);
        read.take(units);
        demandRead += units;
        windowRead += units;
        consumedRead += units;
    }

    /** Account mode: served without a bucket, but counted. */
    synchronized void countServed(boolean isWrite, double units) {
        if (isWrite) consumedWrite += units; else consumedRead += units;
    }

    synchronized void countThrottle(boolean isWrite, LimitKind limit) {
        throttles[(isWrite ? 4 : 0) + limit.ordinal()]++;
    }

    synchronized boolean onDemand() { return throughput.onDemandMode(); }

    synchronized Throughput throughput() { return throughput; }

    /** Units a second the table or index can serve now: provisioned rate or current on-demand ceiling. */
    synchronized double servingRead() { return readRate; }

    synchronized double servingWrite() { return writeRate; }

    synchronized double peakRead() { return peakRead; }

    synchronized double peakWrite() { return peakWrite; }

    /**
     * Warm throughput (docs/RULES.md#CAP-WARM-THROUGHPUT): the highest of the provisioned rate it
     * was ever set to, the pre-warming asked for, and, once the table has been on-demand, the
     * ceiling its previous peak allows (never below the new-table 12,000 / 4,000).
     * OnDemandThroughput maximums and the table quota do not lower it.
     */
    synchronized double warmRead() {
        double w = Math.max(highestProvisionedRead, prewarmRead);
        return everOnDemand ? Math.max(w, Rules.ON_DEMAND_PEAK_MULTIPLIER * peakRead) : w;
    }

    synchronized double warmWrite() {
        double w = Math.max(highestProvisionedWrite, prewarmWrite);
        return everOnDemand ? Math.max(w, Rules.ON_DEMAND_PEAK_MULTIPLIER * peakWrite) : w;
    }

    synchronized double consumedRead() { return consumedRead; }

    synchronized double consumedWrite() { return consumedWrite; }

    synchronized long[] throttleCounts() { return throttles.clone(); }

    /** Units used in the current one-second window, and what the bucket holds now (negative: debt); for explanations. */
    synchronized double windowUsed(boolean isWrite) { return isWrite ? windowWrite : windowRead; }

    synchronized double banked(boolean isWrite) { return isWrite ? write.tokens() : read.tokens(); }

    /** Closes finished one-second windows and lets a sustained new on-demand peak take effect. */
    private void advance(long now) {
        read.refill(now);
        write.refill(now);
        if (now - windowStart < SECOND) return;
        if (windowRead > peakRead || windowWrite > peakWrite) {
            pendingRead = Math.max(pendingRead, windowRead);
            pendingWrite = Math.max(pendingWrite, windowWrite);
            if (pendingSince < 0) pendingSince = windowStart;
        }
        if (pendingSince >= 0 && now - pendingSince >= settings.onDemandGrowthDelay().toNanos()) {
            peakRead = Math.max(peakRead, pendingRead);
            peakWrite = Math.max(peakWrite, pendingWrite);
            pendingRead = pendingWrite = 0;
            pendingSince = -1;
            if (throughput.onDemandMode()) applyOnDemand();
        }
        windowStart = now;
        windowRead = 0;
        windowWrite = 0;
    }
}
