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
 * @param ceilingWindow       how much of its ceiling a partition absorbs at one instant, in seconds of
 *                            ceiling: a partition serves 1,000 WCU "a second", not 1,000 per microsecond [inf]
 */
public record CapacitySettings(CapacityMode mode, long maxPartitionBytes, double tableQuotaRead,
                               double tableQuotaWrite, Duration onDemandGrowthDelay, boolean isolationEnabled,
                               Duration isolationDelay, double hotFraction, Duration ceilingWindow) {

    /** Inferred default for {@link #onDemandGrowthDelay}: the documented 30 minutes (docs/RULES.md#CAP-ON-DEMAND-PEAK). */
    public static final Duration DEFAULT_ON_DEMAND_GROWTH_DELAY = Duration.ofMinutes(30);
    /** Inferred default for {@link #isolationDelay}; AWS gives no figure (docs/RULES.md#CAP-ADAPTIVE-ISOLATION). */
    public static final Duration DEFAULT_ISOLATION_DELAY = Duration.ofMinutes(1);
    /** Inferred default for {@link #hotFraction} (docs/RULES.md#CAP-ADAPTIVE-ISOLATION). */
    public static final double DEFAULT_HOT_FRACTION = 0.8;
    /** [inf] default for {@link #ceilingWindow}. */
    public static final Duration DEFAULT_CEILING_WINDOW = Duration.ofSeconds(1);

    public static CapacitySettings defaults() {
        return new CapacitySettings(CapacityMode.ENFORCE, Rules.MAX_PARTITION_BYTES, Rules.DEFAULT_TABLE_QUOTA,
                Rules.DEFAULT_TABLE_QUOTA, DEFAULT_ON_DEMAND_GROWTH_DELAY, true, DEFAULT_ISOLATION_DELAY,
                DEFAULT_HOT_FRACTION, DEFAULT_CEILING_WINDOW);
    }

    public CapacitySettings withMode(CapacityMode m) {
        return new CapacitySettings(m, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, ceilingWindow);
    }

    public CapacitySettings withMaxPartitionBytes(long bytes) {
        return new CapacitySettings(mode, bytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, ceilingWindow);
    }

    public CapacitySettings withTableQuota(double read, double write) {
        return new CapacitySettings(mode, maxPartitionBytes, read, write, onDemandGrowthDelay,
                isolationEnabled, isolationDelay, hotFraction, ceilingWindow);
    }

    public CapacitySettings withIsolation(boolean enabled, Duration delay) {
        return new CapacitySettings(mode, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, onDemandGrowthDelay,
                enabled, delay, hotFraction, ceilingWindow);
    }

    public CapacitySettings withOnDemandGrowthDelay(Duration d) {
        return new CapacitySettings(mode, maxPartitionBytes, tableQuotaRead, tableQuotaWrite, d,
                isolationEnabled, isolationDelay, hotFraction, ceilingWindow);
    }
}
