package io.keyline.server.cloudwatch;

import io.keyline.metrics.Datapoint;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.MetricsStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CloudWatch's GetMetricStatistics: the data points of one metric (namespace, name and its exact
 * dimensions) per period over [StartTime, EndTime), each with the standard statistics asked for
 * and the percentiles asked for that are known ({@link Statistics}). CloudWatch's checks: the
 * required members, Statistics or ExtendedStatistics (one of them, not both), the period, StartTime
 * before EndTime and at most {@value #MAX_DATAPOINTS} data points per call. A metric that does not
 * exist, another namespace, or a Unit that is not the metric's answers with no data points, as
 * CloudWatch does (docs/RULES.md#CW-DATAPOINT-LIMIT, #CW-LIST-METRICS). Stateless; reads the store,
 * which is thread-safe.
 */
final class GetMetricStatistics {
    /** The most data points one call may ask for (AWS's GetMetricStatistics reference). */
    static final int MAX_DATAPOINTS = 1_440;

    private final MetricsStore store;

    GetMetricStatistics(MetricsStore store) { this.store = store; }

    /** @param where the account and region the request was signed for */
    Map<String, Object> run(Namespace where, Params in) {
        String namespace = in.requiredString("Namespace");
        String metricName = in.requiredString("MetricName");
        Instant start = in.requiredTimestamp("StartTime");
        Instant end = in.requiredTimestamp("EndTime");
        Long period = in.integer("Period");
        if (period == null) throw CloudWatchError.missingParameter("Period");
        Map<String, String> dimensions = DynamoDbSeries.dimensions(in, "Dimensions");
        List<String> statistics = in.strings("Statistics");
        List<String> extended = in.strings("ExtendedStatistics");
        String unit = StandardUnit.of(in, "Unit");

        if (statistics.isEmpty() && extended.isEmpty()) {
            throw CloudWatchError.invalidParameterCombination("At least one of the parameters Statistics and ExtendedStatistics must be specified.");
        }
        if (!statistics.isEmpty() && !extended.isEmpty()) {
            throw CloudWatchError.invalidParameterCombination("The parameters Statistics and ExtendedStatistics are mutually exclusive.");
        }
        if (statistics.size() > 5) throw CloudWatchError.invalidParameterValue("The collection Statistics must not have a size greater than 5.");
        if (extended.size() > 10) throw CloudWatchError.invalidParameterValue("The collection ExtendedStatistics must not have a size greater than 10.");
        for (int i = 0; i < statistics.size(); i++) {
            if (Statistics.standard(statistics.get(i)) == null) throw CloudWatchError.notInSet("Statistics.member." + (i + 1), Statistics.STANDARD);
        }
        for (int i = 0; i < extended.size(); i++) {
            if (Statistics.percentile(extended.get(i)) == null) {
                throw CloudWatchError.invalidParameterValue("The parameter ExtendedStatistics.member." + (i + 1)
                        + " must be a percentile between p0.0 and p100.");
            }
        }
        Statistics.checkPeriod(period, "Period");
        if (!start.isBefore(end)) {
            throw CloudWatchError.invalidParameterValue("The parameter StartTime must be less than the parameter EndTime.");
        }
        long requested = ceilDiv(end.toEpochMilli() - start.toEpochMilli(), period * 1_000L);
        if (requested > MAX_DATAPOINTS) throw CloudWatchError.tooManyDatapoints(requested, MAX_DATAPOINTS);

        List<Object> datapoints = new ArrayList<>();
        DynamoDbSeries series = DynamoDbSeries.find(store, where, namespace, metricName, dimensions);
        if (series != null && (unit == null || unit.equals(series.key().metric().unit().cloudWatch()))) {
            for (Datapoint d : Statistics.points(store, series.key(), period, start.toEpochMilli(), end.toEpochMilli())) {
                datapoints.add(datapoint(d, statistics, extended));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Label", metricName);
        out.put("Datapoints", datapoints);
        return out;
    }

    /** One data point in the model's xmlOrder: Timestamp, SampleCount, Average, Sum, Minimum, Maximum, Unit, ExtendedStatistics. */
    private static Map<String, Object> datapoint(Datapoint d, List<String> statistics, List<String> extended) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("Timestamp", Instant.ofEpochMilli(d.timestampMillis()));
        for (String name : List.of("SampleCount", "Average", "Sum", "Minimum", "Maximum")) {
            if (statistics.contains(name)) p.put(name, Statistics.value(name, d));
        }
        p.put("Unit", d.unit().cloudWatch());
        if (!extended.isEmpty()) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (String e : extended) {
                Double v = Statistics.value(e, d);
                if (v != null) values.put(e, v);
            }
            p.put("ExtendedStatistics", new QueryXml.XmlMap(values));
        }
        return p;
    }

    private static long ceilDiv(long a, long b) { return -Math.floorDiv(-a, b); }
}
