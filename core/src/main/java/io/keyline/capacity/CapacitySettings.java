package io.keyline.capacity;

import java.time.Duration;

/**
 * Settings of the capacity model: the user's choices and every rule that is our inference
 * ("inferred" in docs/RULES.md), so each can be corrected in one place. Immutable.
 *
 * @param mode                enforce (default), account or off
 * @param maxPartitionBytes   size at which a partition splits; DynamoDB's is 10 GB (docs/RULES.md#PART-SIZE),
 *                            lower it to watch splits on small data
 * @param tableQuotaRead      per-table read quota, on-demand tables (docs/RULES.md#QUOTA-TABLE: default 40,000; adjustable)
 * @param tableQuotaWrite     per-table write quota, likewise
 * @param onDemandGrowthDelay how long a new on-demand peak takes to raise the "2× previous peak"
 *                            ceiling; growth beyond 2× within 30 minutes can throttle (docs/RULES.md#CAP-ON-DEMAND-PEAK)
 * @param isolationEnabled    whether hot partitions split (docs/RULES.md#CAP-ADAPTIVE-ISOLATION)
 * @param isolationDelay      how long a partition must stay hot before it splits (inferred, same entry)
 * @param hotFraction         share of its ceiling a partition must use in a second to count as hot (inferred, same entry)
 * @param partitionBurst      how much of its ceiling an idle partition banks, in seconds of ceiling
 *                            (inferred: docs/RULES.md#CAP-PARTITION-INSTANT; {@link #DEFAULT_PARTITION_BURST}).
 *                            A partition in credit admits any one request and is charged in full, even
 *                            past zero; in debt it refuses every request until the debt is repaid at the
 *                            ceiling rate. So the bank does not bound the size of a request, only how long
 *                            traffic over the ceiling lasts before the first throttle: at six times the
 *                            ceiling, a fifth of it.
 */
public record CapacitySettings(CapacityMode mode, long maxPartitionBytes, double tableQuotaRead,
                               double tableQuotaWrite, Duration onDemandGrowthDelay, boolean isolationEnabled,
                               Duration isolationDelay, double hotFraction, Duration partitionBurst) {

    /** Inferred default for {@link #onDemandGrowthDelay}: the documented 30 minutes (docs/RULES.md#CAP-ON-DEMAND-PEAK). */
    public static final Duration DEFAULT_ON_DEMAND_GROWTH_DELAY = Duration.ofMinutes(30);
    /** Inferred default for {@link #isolationDelay}; AWS gives no figure (docs/RULES.md#CAP-ADAPTIVE-ISOLATION). */
    public static final Duration DEFAULT_ISOLATION_DELAY = Duration.ofMinutes(1);
    /** Inferred default for {@link #hotFraction} (docs/RULES.md#CAP-ADAPTIVE-ISOLATION). */
    public static final double DEFAULT_HOT_FRACTION = 0.8;
    /**
     * Inferred default for {@link #partitionBurst}: 7 s (docs/RULES.md#CAP-PARTITION-INSTANT). AWS
     * (knowledge center, "spiky workloads"): burst capacity cannot lift a partition over 1,000 WCU /
     * 3,000 RCU a second (docs/RULES.md#CAP-PARTITION-WRITE, #CAP-PARTITION-READ), so traffic
     * past the ceiling throttles within about a second: at 6,000 WCU a second after 1.4 s here.
     * Not less: ScyllaDB's suite, which passes against DynamoDB with retries off, puts several
     * seconds of one partition's ceiling through it back to back (test_batch's 30 items of 49 KB
     * to one key in two calls; test_transact's 5 MB of puts, 5 MB of transactional deletes and a
     * 3 MB transaction on the four partitions of a new on-demand table). Measured on Keyline,
     * test_transact.py six runs each: with a 4 s bank 2 to 4 of its tests failed in every run,
     * with 7 s one test in one run of six.
     */
    public static final Duration DEFAULT_PARTITION_BURST = Duration.ofSeconds(7);
    /**
     * [inf] How much of its current ceiling an on-demand table (or GSI) banks, above its
     * partitions: 20 s, what it banked before partitions got their own setting (the limits of a
     * table as a whole are unchanged). On-demand's "up to double the previous peak"
     * (docs/RULES.md#CAP-ON-DEMAND-PEAK) names no window;
     * DynamoDB takes bulk loads of several seconds of a new table's 4,000 WCU back to back
     * (ScyllaDB's test_scan_paging_missing_limit writes 8 MB, test_transact 5 MB and then 3 MB,
     * retries off). Provisioned tables bank {@link Rules#BURST_WINDOW}.
     */
    public static final Duration ON_DEMAND_TABLE_BURST = Duration.ofSeconds(20);

    public static CapacitySettings defaults() {
        return new CapacitySettings(CapacityMode.ENFORCE, Rules.MAX_PARTITION_BYTES, Rules.DEFAULT_TABLE_QUOTA,
                Rules.DEFAULT_TABLE_QUOTA, DEFAULT_ON_DEMAND_GROWTH_DELAY, true, DEFAULT_ISOLATION_DELAY,
                DEFAULT_HOT_FRACTION, DEFAULT_PARTITION_BURST);
    }

    public CapacitySettings withMode(CapacityMode m) {
        return new CapacitySettings(m, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, partitionBurst);
    }

    public CapacitySettings withMaxPartitionBytes(long bytes) {
        return new CapacitySettings(mode, bytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, partitionBurst);
    }

    public CapacitySettings withTableQuota(double read, double write) {
        return new CapacitySettings(mode, maxPartitionBytes, read, write, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, partitionBurst);
    }

    public CapacitySettings withIsolation(boolean enabled, Duration delay) {
        return new CapacitySettings(mode, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                enabled, delay, hotFraction, partitionBurst);
    }

    public CapacitySettings withOnDemandGrowthDelay(Duration d) {
        return new CapacitySettings(mode, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, d,
                isolationEnabled, isolationDelay, hotFraction, partitionBurst);
    }

    /** These settings with another {@link #partitionBurst}. */
    public CapacitySettings withPartitionBurst(Duration burst) {
        return new CapacitySettings(mode, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, burst);
    }
}
