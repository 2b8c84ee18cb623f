package io.keyline.server.cloudwatch;

import io.keyline.metadata.Namespace;
import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A series of the metrics store as CloudWatch names it: namespace {@code AWS/DynamoDB}, the
 * metric's CloudWatch name and its dimensions TableName, GlobalSecondaryIndexName and Operation
 * (in that order), or none for the account-level metrics. Keyline's own metrics (partitions,
 * buckets, splits) are not DynamoDB's and are not listed here (Prometheus has them). A request
 * names a metric by its exact dimension set, as CloudWatch requires, so lookup is by equality
 * of the whole set. CloudWatch is regional: a request sees the series of the account and region it
 * was signed for ({@link Namespace}), as DynamoDB's endpoint sees that region's tables. Immutable.
 */
record DynamoDbSeries(SeriesKey key, String metricName, Map<String, String> dimensions) {
    static final String NAMESPACE = "AWS/DynamoDB";
    static final String TABLE_NAME = "TableName";
    static final String INDEX_NAME = "GlobalSecondaryIndexName";
    static final String OPERATION = "Operation";

    /** Sorted by metric name, then by dimensions, so that listing and paging are stable. */
    static final Comparator<DynamoDbSeries> ORDER = Comparator.comparing(DynamoDbSeries::metricName)
            .thenComparing(s -> s.dimensions().toString());

    /** The CloudWatch identity of a series, or null if DynamoDB does not publish it. */
    static DynamoDbSeries of(SeriesKey key) {
        Metric m = key.metric();
        if (!m.dynamoDb() || key.partition() != null) return null;
        Map<String, String> dims = new LinkedHashMap<>();
        if (key.table() != null) dims.put(TABLE_NAME, key.table());
        if (key.index() != null) dims.put(INDEX_NAME, key.index());
        if (key.operation() != null) dims.put(OPERATION, key.operation());
        return new DynamoDbSeries(key, m.cloudWatchName(), Map.copyOf(dims));
    }

    /** Every series of namespace {@code where} the store has and DynamoDB publishes, in {@link #ORDER}. */
    static List<DynamoDbSeries> all(MetricsStore store, Namespace where) {
        List<DynamoDbSeries> out = new ArrayList<>();
        for (SeriesKey k : store.keys()) {
            DynamoDbSeries s = k.namespace().equals(where) ? of(k) : null;
            if (s != null) out.add(s);
        }
        out.sort(ORDER);
        return out;
    }

    /** The series of {@code where}'s tables with the CloudWatch namespace, metric name and exact dimensions asked for, or null. */
    static DynamoDbSeries find(MetricsStore store, Namespace where, String namespace, String metricName, Map<String, String> dimensions) {
        if (!NAMESPACE.equals(namespace)) return null;
        Metric metric = Metric.ofCloudWatchName(metricName);
        if (metric == null || !metric.dynamoDb()) return null;
        SeriesKey key = new SeriesKey(where, dimensions.get(TABLE_NAME), dimensions.get(INDEX_NAME), metric, dimensions.get(OPERATION), null);
        DynamoDbSeries s = of(key);
        return s != null && s.dimensions().equals(dimensions) && store.keys().contains(key) ? s : null;
    }

    /** The metric as the wire shows it: {@code {Namespace, MetricName, Dimensions: [{Name, Value}]}}. */
    Map<String, Object> wire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Namespace", NAMESPACE);
        m.put("MetricName", metricName);
        m.put("Dimensions", wireDimensions(dimensions));
        return m;
    }

    /** Dimensions in the order TableName, GlobalSecondaryIndexName, Operation. */
    static List<Object> wireDimensions(Map<String, String> dimensions) {
        List<Object> out = new ArrayList<>();
        for (String name : List.of(TABLE_NAME, INDEX_NAME, OPERATION)) {
            String value = dimensions.get(name);
            if (value == null) continue;
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("Name", name);
            d.put("Value", value);
            out.add(d);
        }
        return out;
    }

    /** A request's {@code Dimensions} (a list of Name/Value) as a map; a name given twice is refused. */
    static Map<String, String> dimensions(Params request, String member) {
        List<Params> list = request.structs(member);
        if (list.size() > 30) {
            throw CloudWatchError.invalidParameterValue("The collection " + request.name(member) + " must not have a size greater than 30.");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Params d : list) {
            String name = d.requiredString("Name");
            String value = d.requiredString("Value");
            if (out.put(name, value) != null) {
                throw CloudWatchError.invalidParameterValue("No metric may have duplicate dimension names: " + name + ".");
            }
        }
        return out;
    }

    boolean matches(String name, String value) {
        String v = dimensions.get(name);
        return v != null && (value == null || Objects.equals(v, value));
    }
}
