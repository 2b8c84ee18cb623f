package io.keyline.metrics;

import io.keyline.capacity.LimitKind;
import java.util.Locale;

/**
 * Every metric Keyline keeps: DynamoDB's CloudWatch metrics by their CloudWatch names and units
 * (docs/OBSERVABILITY.md, after AWS's "DynamoDB Metrics and dimensions"), then Keyline's own,
 * which DynamoDB does not publish (partitions, buckets, splits).
 *
 * <p>{@link Scope} says which dimensions a series has; {@link #gauge} whether it is a level
 * sampled over time (Prometheus gauge; its meaningful statistics are Minimum, Maximum, Average)
 * rather than a count or amount of events (a Prometheus counter; Sum and SampleCount too).
 */
public enum Metric {
    CONSUMED_READ_CAPACITY_UNITS("ConsumedReadCapacityUnits", Unit.COUNT, Scope.RESOURCE, false),
    CONSUMED_WRITE_CAPACITY_UNITS("ConsumedWriteCapacityUnits", Unit.COUNT, Scope.RESOURCE, false),
    PROVISIONED_READ_CAPACITY_UNITS("ProvisionedReadCapacityUnits", Unit.COUNT, Scope.RESOURCE, true),
    PROVISIONED_WRITE_CAPACITY_UNITS("ProvisionedWriteCapacityUnits", Unit.COUNT, Scope.RESOURCE, true),
    READ_THROTTLE_EVENTS("ReadThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    WRITE_THROTTLE_EVENTS("WriteThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    READ_KEY_RANGE_THROUGHPUT_THROTTLE_EVENTS("ReadKeyRangeThroughputThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    READ_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS("ReadProvisionedThroughputThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    READ_ACCOUNT_LIMIT_THROTTLE_EVENTS("ReadAccountLimitThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    READ_MAX_ON_DEMAND_THROUGHPUT_THROTTLE_EVENTS("ReadMaxOnDemandThroughputThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    WRITE_KEY_RANGE_THROUGHPUT_THROTTLE_EVENTS("WriteKeyRangeThroughputThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    WRITE_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS("WriteProvisionedThroughputThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    WRITE_ACCOUNT_LIMIT_THROTTLE_EVENTS("WriteAccountLimitThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    WRITE_MAX_ON_DEMAND_THROUGHPUT_THROTTLE_EVENTS("WriteMaxOnDemandThroughputThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    THROTTLED_REQUESTS("ThrottledRequests", Unit.COUNT, Scope.OPERATION, false),
    SUCCESSFUL_REQUEST_LATENCY("SuccessfulRequestLatency", Unit.MILLISECONDS, Scope.OPERATION, false),
    RETURNED_ITEM_COUNT("ReturnedItemCount", Unit.COUNT, Scope.OPERATION, false),
    SYSTEM_ERRORS("SystemErrors", Unit.COUNT, Scope.OPERATION, false),
    USER_ERRORS("UserErrors", Unit.COUNT, Scope.ACCOUNT, false),
    CONDITIONAL_CHECK_FAILED_REQUESTS("ConditionalCheckFailedRequests", Unit.COUNT, Scope.TABLE, false),
    TRANSACTION_CONFLICT("TransactionConflict", Unit.COUNT, Scope.TABLE, false),
    /** Items the TTL expirer deleted (docs/RULES.md#TTL-EXPIRY). */
    TIME_TO_LIVE_DELETED_ITEM_COUNT("TimeToLiveDeletedItemCount", Unit.COUNT, Scope.TABLE, false),
    ONLINE_INDEX_PERCENTAGE_PROGRESS("OnlineIndexPercentageProgress", Unit.COUNT, Scope.RESOURCE, true),
    ONLINE_INDEX_CONSUMED_WRITE_CAPACITY("OnlineIndexConsumedWriteCapacity", Unit.COUNT, Scope.RESOURCE, false),
    ONLINE_INDEX_THROTTLE_EVENTS("OnlineIndexThrottleEvents", Unit.COUNT, Scope.RESOURCE, false),
    ACCOUNT_PROVISIONED_READ_CAPACITY_UTILIZATION("AccountProvisionedReadCapacityUtilization", Unit.PERCENT, Scope.ACCOUNT, true),
    ACCOUNT_PROVISIONED_WRITE_CAPACITY_UTILIZATION("AccountProvisionedWriteCapacityUtilization", Unit.PERCENT, Scope.ACCOUNT, true),

    // ---- Keyline's own ------------------------------------------------------------------------
    PARTITION_CONSUMED_READ_CAPACITY_UNITS("PartitionConsumedReadCapacityUnits", Unit.COUNT, Scope.PARTITION, false),
    PARTITION_CONSUMED_WRITE_CAPACITY_UNITS("PartitionConsumedWriteCapacityUnits", Unit.COUNT, Scope.PARTITION, false),
    /** What a partition's bucket holds, in write-equivalent units; negative is debt. */
    PARTITION_BANKED_UNITS("PartitionBankedUnits", Unit.COUNT, Scope.PARTITION, true),
    PARTITION_COUNT("PartitionCount", Unit.COUNT, Scope.RESOURCE, true),
    PARTITION_SPLITS("PartitionSplits", Unit.COUNT, Scope.RESOURCE, false),
    /** Age of the oldest GSI change not yet applied. */
    GSI_PROPAGATION_LAG("GsiPropagationLag", Unit.MILLISECONDS, Scope.RESOURCE, true),
    /** The largest item collection of a table with LSIs, against its limit (docs/RULES.md#LSI-ITEM-COLLECTION). */
    ITEM_COLLECTION_SIZE("ItemCollectionSize", Unit.BYTES, Scope.TABLE, true);

    /** Which dimensions a series of the metric has. */
    public enum Scope {
        /** TableName, and GlobalSecondaryIndexName for a GSI's series. */
        RESOURCE,
        /** TableName only. */
        TABLE,
        /** TableName and Operation. */
        OPERATION,
        /** None: the account in this region. */
        ACCOUNT,
        /** TableName, GlobalSecondaryIndexName for a GSI, and the partition (Keyline's own). */
        PARTITION
    }

    private final String cloudWatchName;
    private final Unit unit;
    private final Scope scope;
    private final boolean gauge;

    Metric(String cloudWatchName, Unit unit, Scope scope, boolean gauge) {
        this.cloudWatchName = cloudWatchName;
        this.unit = unit;
        this.scope = scope;
        this.gauge = gauge;
    }

    public String cloudWatchName() { return cloudWatchName; }

    public Unit unit() { return unit; }

    public Scope scope() { return scope; }

    public boolean gauge() { return gauge; }

    /** Whether DynamoDB publishes it (namespace AWS/DynamoDB); the others are Keyline's own. */
    public boolean dynamoDb() { return ordinal() < PARTITION_CONSUMED_READ_CAPACITY_UNITS.ordinal(); }

    /**
     * The Prometheus name: {@code dynamodb_} or {@code keyline_} and the CloudWatch name in snake
     * case, with the unit where it is not a count (e.g. {@code dynamodb_successful_request_latency_milliseconds}).
     */
    public String prometheusName() {
        String snake = cloudWatchName.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
        String unitSuffix = switch (unit) {
            case MILLISECONDS -> "_milliseconds";
            case BYTES -> "_bytes";
            case PERCENT -> "_percent";
            case COUNT -> "";
        };
        return (dynamoDb() ? "dynamodb_" : "keyline_") + snake + unitSuffix;
    }

    /** The metric of a throttle event by its limit (docs/RULES.md#THROTTLE-REASONS). */
    public static Metric throttleReason(boolean write, LimitKind limit) {
        return switch (limit) {
            case KEY_RANGE -> write ? WRITE_KEY_RANGE_THROUGHPUT_THROTTLE_EVENTS : READ_KEY_RANGE_THROUGHPUT_THROTTLE_EVENTS;
            case PROVISIONED -> write ? WRITE_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS : READ_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS;
            case ACCOUNT_LIMIT -> write ? WRITE_ACCOUNT_LIMIT_THROTTLE_EVENTS : READ_ACCOUNT_LIMIT_THROTTLE_EVENTS;
            case MAX_ON_DEMAND -> write ? WRITE_MAX_ON_DEMAND_THROUGHPUT_THROTTLE_EVENTS : READ_MAX_ON_DEMAND_THROUGHPUT_THROTTLE_EVENTS;
        };
    }

    /** The metric of a CloudWatch name, or null. */
    public static Metric ofCloudWatchName(String name) {
        for (Metric m : values()) if (m.cloudWatchName.equals(name)) return m;
        return null;
    }
}
