package io.keyline.capacity;

import io.keyline.metadata.BillingMode;
import java.util.List;
import java.util.Map;

/**
 * A point-in-time view of the model's counters, as plain immutable data for an admin endpoint
 * or a simulator report. Counters are cumulative since the table was registered; a partition
 * created by a split starts its own counters at zero (its map's totals carry on).
 */
public record CapacitySnapshot(CapacityMode mode, List<TableSnapshot> tables) {

    public record TableSnapshot(String tableName, String tableArn, MapSnapshot table, List<MapSnapshot> globalSecondaryIndexes) {}

    /**
     * @param servingRead  units a second the table or index serves now (provisioned, or on-demand ceiling)
     * @param throttles    throttle events by wire reason (docs/RULES.md#THROTTLE-REASONS: one per resource that refused)
     */
    public record MapSnapshot(String name, String arn, boolean index, BillingMode billing,
                              double provisionedRead, double provisionedWrite, double servingRead, double servingWrite,
                              double consumedRead, double consumedWrite, Map<String, Long> throttles,
                              List<PartitionSnapshot> partitions) {
        public MapSnapshot {
            throttles = Map.copyOf(throttles);
            partitions = List.copyOf(partitions);
        }
    }

    /**
     * One partition: its first (token, sort position), size, items and counters.
     *
     * @param banked what its ceiling's bucket held when the snapshot was taken, in write-equivalent
     *               units (negative: debt), as of its last request
     */
    public record PartitionSnapshot(long startToken, long startSort, long sizeBytes, long items,
                                    double consumedRead, double consumedWrite, long throttledReads,
                                    long throttledWrites, double banked) {}
}
