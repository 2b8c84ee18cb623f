package io.keyline.simulator.report;

/**
 * One access pattern, as its client saw it.
 *
 * @param name       the pattern's name
 * @param operation  DynamoDB operation
 * @param table      target table
 * @param index      index read, or null
 * @param requests   requests the client made (first attempts)
 * @param succeeded  requests that succeeded, retries included
 * @param throttledAttempts attempts answered with a throttling error
 * @param failed     requests that gave up (retries exhausted) or failed otherwise
 * @param errors     failures by error type (e.g. "ProvisionedThroughputExceededException",
 *                   "ConditionalCheckFailedException"), absent when none
 * @param consumedReadUnits  read units its successful requests consumed
 * @param consumedWriteUnits write units its successful requests consumed (index writes included)
 * @param itemsReturned items returned (Count), summed
 * @param itemsScanned  items evaluated (ScannedCount), summed
 * @param pages      pages read (one per Query or Scan response)
 * @param latency    the client's latency, first attempt to final answer, backoffs included
 */
public record PatternReport(String name, String operation, String table, String index, long requests,
        long succeeded, long throttledAttempts, long failed, java.util.Map<String, Long> errors,
        double consumedReadUnits, double consumedWriteUnits, long itemsReturned, long itemsScanned,
        long pages, Latency latency) {

    /**
     * Latency percentiles in milliseconds, from an HdrHistogram.
     *
     * @param histogram HdrHistogram's compressed, base64 form, so a reader can rebuild the full distribution
     */
    public record Latency(double p50, double p90, double p99, double p999, double max, double mean, String histogram) {}
}
