package io.keyline.metrics;

import io.keyline.metadata.Namespace;

/**
 * One series: a metric of a resource with its dimensions, in the namespace (account and region)
 * whose tables it measures: two regions' tables of the same name have separate series, as each
 * CloudWatch region has its own (docs/RULES.md#NS-REGION). Immutable.
 *
 * @param namespace the account and region
 * @param table     TableName, or null for an account-level metric
 * @param index     GlobalSecondaryIndexName, or null for the table's own series
 * @param metric    the metric
 * @param operation Operation for {@link Metric.Scope#OPERATION} metrics, else null
 * @param partition the partition's first token in hex for {@link Metric.Scope#PARTITION} metrics, else null
 */
public record SeriesKey(Namespace namespace, String table, String index, Metric metric, String operation, String partition) {
    public SeriesKey {
        java.util.Objects.requireNonNull(namespace, "namespace");
    }

    public static SeriesKey of(Namespace ns, String table, String index, Metric metric) {
        return new SeriesKey(ns, table, index, metric, null, null);
    }

    public static SeriesKey operation(Namespace ns, String table, Metric metric, String operation) {
        return new SeriesKey(ns, table, null, metric, operation, null);
    }

    public static SeriesKey account(Namespace ns, Metric metric) {
        return new SeriesKey(ns, null, null, metric, null, null);
    }

    public static SeriesKey partition(Namespace ns, String table, String index, Metric metric, String partition) {
        return new SeriesKey(ns, table, index, metric, null, partition);
    }
}
