package io.keyline.engine.config;

import io.keyline.engine.Engine;
import io.keyline.capacity.CapacitySettings;
import java.time.Duration;

/**
 * Engine settings that a user can change on the command line. Immutable.
 *
 * @param region          the region in ARNs and DescribeEndpoints
 * @param accountId       the account in ARNs
 * @param tableCreateDelay how long a new table stays CREATING (DynamoDB: seconds; default 0)
 * @param tableDeleteDelay how long a deleted table stays DELETING (default 0)
 * @param endpointAddress the host[:port] DescribeEndpoints advertises; null advertises
 *                        DynamoDB's regional endpoint. A server sets its own address here so
 *                        that clients following endpoint discovery keep talking to it.
 * @param gsiLag          how long a write waits, on the engine's clock, before it reaches the
 *                        GSIs (default 0: as fast as the propagator goes)
 * @param itemCollectionLimitBytes the LSI item-collection size limit (DynamoDB: 10 GB)
 * @param capacity        the capacity model's mode and its inferred rules (partition size, quotas, ...;
 *                        docs/RULES.md says which)
 */
public record Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                       String endpointAddress, Duration gsiLag, long itemCollectionLimitBytes, CapacitySettings capacity) {
    /** docs/RULES.md#LSI-ITEM-COLLECTION: 10 GB. */
    public static final long DEFAULT_ITEM_COLLECTION_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;

    /**
     * [inf] How much of its per-second ceiling a partition absorbs at one instant. DynamoDB takes
     * a 25-item BatchWriteItem of 49 KB items to one partition key (1,225 WCU) and a 3 MB
     * transaction at once without throttling (ScyllaDB's test_batch.py / test_transact.py pass
     * against it with retries off), so a partition must absorb well over one second of its
     * 1,000 WCU; 20 s covers a 16 MB request. Steady-state limits are unchanged.
     */
    public static final Duration PARTITION_BURST = Duration.ofSeconds(20);

    public Settings {
        if (capacity == null) capacity = defaultCapacity();
    }

    public Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                    String endpointAddress, Duration gsiLag, long itemCollectionLimitBytes) {
        this(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes,
                defaultCapacity());
    }

    public Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                    String endpointAddress) {
        this(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, Duration.ZERO,
                DEFAULT_ITEM_COLLECTION_LIMIT_BYTES);
    }

    public Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay) {
        this(region, accountId, tableCreateDelay, tableDeleteDelay, null);
    }

    public static Settings defaults() {
        return new Settings("us-east-1", "000000000000", Duration.ZERO, Duration.ZERO, null);
    }

    /** The capacity model's defaults with {@link #PARTITION_BURST}. */
    public static CapacitySettings defaultCapacity() {
        return withPartitionBurst(CapacitySettings.defaults(), PARTITION_BURST);
    }

    /** {@code c} with another ceiling window (how much of a second's ceiling a partition absorbs at once). */
    public static CapacitySettings withPartitionBurst(CapacitySettings c, Duration burst) {
        return new CapacitySettings(c.mode(), c.maxPartitionBytes(), c.tableQuotaRead(), c.tableQuotaWrite(),
                c.onDemandGrowthDelay(), c.isolationEnabled(), c.isolationDelay(), c.hotFraction(), burst);
    }

    public Settings withTableCreateDelay(Duration d) {
        return new Settings(region, accountId, d, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity);
    }

    public Settings withTableDeleteDelay(Duration d) {
        return new Settings(region, accountId, tableCreateDelay, d, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity);
    }

    public Settings withEndpointAddress(String address) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, address, gsiLag, itemCollectionLimitBytes, capacity);
    }

    public Settings withGsiLag(Duration lag) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, lag, itemCollectionLimitBytes, capacity);
    }

    public Settings withItemCollectionLimitBytes(long limit) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, limit, capacity);
    }

    public Settings withCapacity(CapacitySettings c) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, c);
    }
}
