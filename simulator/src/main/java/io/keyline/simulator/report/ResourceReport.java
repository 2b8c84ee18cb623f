package io.keyline.simulator.report;

import java.util.List;
import java.util.Map;

/**
 * A table or one GSI over the run.
 *
 * @param table   the table's name
 * @param index   the GSI's name, or null for the table itself
 * @param minutes one entry per simulated minute of the run's duration, in order (retries that
 *                outlast the duration are counted in the last minute)
 * @param totals  sums over the run
 * @param partitionCount partitions at the end
 * @param splits  partition splits during the run
 * @param hottestPartitions the partitions that consumed the most units, hottest first (at most 10)
 * @param topKeys the most accessed keys (partition key, or partition and sort key), most first (at most 10)
 * @param topThrottledKeys the most throttled keys, most first (at most 10)
 * @param distinctPartitionKeys distinct partition key values written to this resource during the run
 * @param entriesWritten items (table) or index entries (GSI) written, deletes included
 * @param entriesRead    items or entries returned by reads (GetItem, Query, Scan, batch and transaction gets)
 * @param averageEntryBytes mean size of an item or index entry written
 * @param entryCount items (table) or index entries (GSI) at the end of the run, or -1 when the
 *                   runner did not measure it (the cost then estimates a GSI's from its writes)
 * @param storageBytes their size at the end as DynamoDB bills it (sizes plus 100 bytes each,
 *                   docs/RULES.md#SIZE-STORAGE), or -1 when not measured
 * @param topDemandKeys the keys the client asked most writes of, most first (at most 10): first
 *                   attempts offered, throttled or not, each counted once however often it was
 *                   retried. {@link #topKeys} counts what was admitted, as Contributor Insights
 *                   does, so a throttled key's demand shows here only
 * @param gsiBackPressureRefusalsByIndex the table only: its writes that a GSI refused for want of
 *                   capacity (back-pressure, docs/RULES.md#GSI-BACK-PRESSURE), by GSI; empty for a GSI.
 *                   They are not in the table's {@link Totals#writeThrottleEvents} (CloudWatch counts
 *                   them in the GSI's, docs/RULES.md#THROTTLE-EVENTS-BACK-PRESSURE); their sum is
 *                   {@link Totals#gsiBackPressureRefusals}
 */
public record ResourceReport(String table, String index, List<Minute> minutes, Totals totals,
        int partitionCount, long splits, List<PartitionLoad> hottestPartitions, List<KeyCount> topKeys,
        List<KeyCount> topThrottledKeys, long distinctPartitionKeys, long entriesWritten, long entriesRead,
        double averageEntryBytes, long entryCount, long storageBytes, List<KeyCount> topDemandKeys,
        Map<String, Long> gsiBackPressureRefusalsByIndex) {

    /** Without demand per key or back-pressure (both empty). */
    public ResourceReport(String table, String index, List<Minute> minutes, Totals totals,
            int partitionCount, long splits, List<PartitionLoad> hottestPartitions, List<KeyCount> topKeys,
            List<KeyCount> topThrottledKeys, long distinctPartitionKeys, long entriesWritten, long entriesRead,
            double averageEntryBytes, long entryCount, long storageBytes) {
        this(table, index, minutes, totals, partitionCount, splits, hottestPartitions, topKeys, topThrottledKeys,
                distinctPartitionKeys, entriesWritten, entriesRead, averageEntryBytes, entryCount, storageBytes, List.of(), Map.of());
    }

    /** Without the end-of-run size (entryCount and storageBytes -1: not measured). */
    public ResourceReport(String table, String index, List<Minute> minutes, Totals totals,
            int partitionCount, long splits, List<PartitionLoad> hottestPartitions, List<KeyCount> topKeys,
            List<KeyCount> topThrottledKeys, long distinctPartitionKeys, long entriesWritten, long entriesRead,
            double averageEntryBytes) {
        this(table, index, minutes, totals, partitionCount, splits, hottestPartitions, topKeys, topThrottledKeys,
                distinctPartitionKeys, entriesWritten, entriesRead, averageEntryBytes, -1, -1);
    }

    /**
     * One simulated minute.
     *
     * @param minute          0-based minute of the run
     * @param consumedReadUnits  read capacity units consumed in the minute
     * @param consumedWriteUnits write capacity units consumed in the minute
     * @param provisionedReadUnits  provisioned RCU during the minute (per second; 0 on demand)
     * @param provisionedWriteUnits provisioned WCU during the minute (per second; 0 on demand)
     * @param readThrottleEvents  read throttle events
     * @param writeThrottleEvents write throttle events of this table or GSI, as CloudWatch's
     *                 WriteThrottleEvents counts them: a table's exclude the writes its GSIs refused
     *                 (those are the GSI's events, docs/RULES.md#THROTTLE-EVENTS-BACK-PRESSURE)
     * @param throttleEventsByReason events by DynamoDB throttling reason name (e.g.
     *                 "IndexWriteKeyRangeThroughputExceeded" on a GSI, "TableWrite..." on a
     *                 table); reasons with no events are absent
     * @param throttledRequests requests throttled (each attempt counts)
     * @param partitionCount partitions at the minute's end
     * @param gsiBackPressureRefusals the table only: its write attempts (each retry counts, as for
     *                 throttle events) refused in the minute because a GSI
     *                 had no capacity for its part (GSI back-pressure, docs/RULES.md#GSI-BACK-PRESSURE),
     *                 apart from {@code writeThrottleEvents}; 0 for a GSI
     */
    public record Minute(int minute, double consumedReadUnits, double consumedWriteUnits,
            double provisionedReadUnits, double provisionedWriteUnits, long readThrottleEvents,
            long writeThrottleEvents, Map<String, Long> throttleEventsByReason, long throttledRequests,
            int partitionCount, long gsiBackPressureRefusals) {

        /** A minute without back-pressure refusals (a GSI's, or a table's whose GSIs refused nothing). */
        public Minute(int minute, double consumedReadUnits, double consumedWriteUnits, double provisionedReadUnits,
                double provisionedWriteUnits, long readThrottleEvents, long writeThrottleEvents,
                Map<String, Long> throttleEventsByReason, long throttledRequests, int partitionCount) {
            this(minute, consumedReadUnits, consumedWriteUnits, provisionedReadUnits, provisionedWriteUnits, readThrottleEvents,
                    writeThrottleEvents, throttleEventsByReason, throttledRequests, partitionCount, 0);
        }
    }

    /**
     * Sums over the run, in the same units as {@link Minute}.
     *
     * @param peakConsumedWriteUnitsPerSecond the busiest simulated second's consumed write units
     * @param peakConsumedReadUnitsPerSecond  the busiest simulated second's consumed read units
     * @param gsiBackPressureRefusals the table only: its writes its GSIs refused over the run
     *                 (see {@link Minute#gsiBackPressureRefusals}); 0 for a GSI
     */
    public record Totals(double consumedReadUnits, double consumedWriteUnits, long readThrottleEvents,
            long writeThrottleEvents, Map<String, Long> throttleEventsByReason, long throttledRequests,
            double peakConsumedReadUnitsPerSecond, double peakConsumedWriteUnitsPerSecond, long gsiBackPressureRefusals) {

        /** Totals without back-pressure refusals (a GSI's, or a table's whose GSIs refused nothing). */
        public Totals(double consumedReadUnits, double consumedWriteUnits, long readThrottleEvents, long writeThrottleEvents,
                Map<String, Long> throttleEventsByReason, long throttledRequests, double peakConsumedReadUnitsPerSecond,
                double peakConsumedWriteUnitsPerSecond) {
            this(consumedReadUnits, consumedWriteUnits, readThrottleEvents, writeThrottleEvents, throttleEventsByReason,
                    throttledRequests, peakConsumedReadUnitsPerSecond, peakConsumedWriteUnitsPerSecond, 0);
        }
    }

    /**
     * One partition's load over the run.
     *
     * @param ordinal      1-based position among the resource's partitions, in token order
     * @param tokenRange   its token range as the dashboard prints it
     * @param consumedReadUnits  units consumed over the run
     * @param consumedWriteUnits units consumed over the run
     * @param peakShareOfCeiling the busiest second's consumed units over the partition's ceiling (1.0 = at it)
     * @param throttleEvents throttle events on it
     */
    public record PartitionLoad(int ordinal, String tokenRange, double consumedReadUnits,
            double consumedWriteUnits, double peakShareOfCeiling, long throttleEvents) {}

    /**
     * A key and how often it was accessed.
     *
     * @param partitionKey the partition key value as text
     * @param sortKey      the sort key value as text, or null for partition-key counts
     * @param count        accesses (or throttles) over the run
     * @param peakPerSecond the busiest second's accesses
     */
    public record KeyCount(String partitionKey, String sortKey, long count, double peakPerSecond) {}
}
