package io.keyline.metrics;

/**
 * One series: a metric of a resource with its dimensions. Immutable.
 *
 * @param table     TableName, or null for an account-level metric
 * @param index     GlobalSecondaryIndexName, or null for the table's own series
 * @param metric    the metric
 * @param operation Operation for {@link Metric.Scope#OPERATION} metrics, else null
 * @param partition the partition's first token in hex for {@link Metric.Scope#PARTITION} metrics, else null
 */
public record SeriesKey(String table, String index, Metric metric, String operation, String partition) {
    public static SeriesKey of(String table, String index, Metric metric) {
        return new SeriesKey(table, index, metric, null, null);
    }

    public static SeriesKey operation(String table, Metric metric, String operation) {
        return new SeriesKey(table, null, metric, operation, null);
    }

    public static SeriesKey account(Metric metric) {
        return new SeriesKey(null, null, metric, null, null);
    }
}
