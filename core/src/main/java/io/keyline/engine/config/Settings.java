package io.keyline.engine.config;

import io.keyline.engine.Engine;
import io.keyline.capacity.CapacitySettings;
import io.keyline.metadata.Namespace;
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
 * @param sharedDb        true: every region sees the tables of the default region ({@code --shared-db});
 *                        false (default): each region has its own tables (docs/RULES.md#NS-REGION)
 * @param timeToLive      the expirer's delay and UpdateTimeToLive's timings ({@link TimeToLiveSettings})
 */
public record Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                       String endpointAddress, Duration gsiLag, long itemCollectionLimitBytes, CapacitySettings capacity,
                       boolean sharedDb, TimeToLiveSettings timeToLive) {
    /** docs/RULES.md#LSI-ITEM-COLLECTION: 10 GB. */
    public static final long DEFAULT_ITEM_COLLECTION_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;

    public Settings {
        if (capacity == null) capacity = defaultCapacity();
        if (timeToLive == null) timeToLive = TimeToLiveSettings.defaults();
    }

    public Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                    String endpointAddress, Duration gsiLag, long itemCollectionLimitBytes, CapacitySettings capacity,
                    boolean sharedDb) {
        this(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity,
                sharedDb, null);
    }

    public Settings(String region, String accountId, Duration tableCreateDelay, Duration tableDeleteDelay,
                    String endpointAddress, Duration gsiLag, long itemCollectionLimitBytes, CapacitySettings capacity) {
        this(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity, false);
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

    /**
     * The capacity model's defaults ({@link CapacitySettings#defaults()}): the product's, which
     * tests use too. A partition's bank is {@link CapacitySettings#DEFAULT_PARTITION_BURST}.
     */
    public static CapacitySettings defaultCapacity() {
        return CapacitySettings.defaults();
    }

    public Settings withTableCreateDelay(Duration d) {
        return new Settings(region, accountId, d, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity, sharedDb, timeToLive);
    }

    public Settings withTableDeleteDelay(Duration d) {
        return new Settings(region, accountId, tableCreateDelay, d, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity, sharedDb, timeToLive);
    }

    public Settings withEndpointAddress(String address) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, address, gsiLag, itemCollectionLimitBytes, capacity, sharedDb, timeToLive);
    }

    public Settings withGsiLag(Duration lag) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, lag, itemCollectionLimitBytes, capacity, sharedDb, timeToLive);
    }

    public Settings withItemCollectionLimitBytes(long limit) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, limit, capacity, sharedDb, timeToLive);
    }

    public Settings withSharedDb(boolean shared) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity, shared, timeToLive);
    }

    /** The namespace of requests that name no region, and of every request with {@link #sharedDb}. */
    public Namespace defaultNamespace() { return new Namespace(accountId, region); }

    public Settings withTimeToLive(TimeToLiveSettings t) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, capacity, sharedDb, t);
    }

    public Settings withCapacity(CapacitySettings c) {
        return new Settings(region, accountId, tableCreateDelay, tableDeleteDelay, endpointAddress, gsiLag, itemCollectionLimitBytes, c, sharedDb, timeToLive);
    }
}
