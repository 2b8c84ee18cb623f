package io.keyline.server.cloudwatch;

import io.keyline.metrics.Datapoint;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.MetricsStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * CloudWatch's GetMetricData: one result per query with {@code MetricStat} (metric, period,
 * statistic, optional unit) and {@code ReturnData} not false, its timestamps and values in
 * {@code ScanBy} order (newest first by default). Metric math ({@code Expression}) is refused:
 * Keyline evaluates no expressions. Paging: a page holds at most {@code MaxDatapoints} values
 * (default {@value #DEFAULT_MAX_DATAPOINTS}) across its results; the result cut short says
 * {@code PartialData} and {@code NextToken} names the query and the timestamp where the next page
 * starts, so values that arrive between pages do not shift it (docs/RULES.md#CW-GET-METRIC-DATA).
 * Stateless; reads the store.
 */
final class GetMetricData {
    static final int DEFAULT_MAX_DATAPOINTS = 100_800;
    static final int MAX_QUERIES = 500;
    private static final Pattern ID = Pattern.compile("[a-z][a-zA-Z0-9_]*");

    private final MetricsStore store;

    GetMetricData(MetricsStore store) { this.store = store; }

    /** One query's metric and how to read it. */
    private record Query(String id, String label, DynamoDbSeries series, long period, String stat, String unit) {}

    /** Where a page starts: a query and, within it, the first timestamp not yet returned (scan order). */
    private record Cursor(int query, long timestampMillis) {}

    /** @param where the account and region the request was signed for */
    Map<String, Object> run(Namespace where, Params in) {
        if (!in.has("MetricDataQueries")) throw CloudWatchError.missingParameter("MetricDataQueries");
        Instant start = in.requiredTimestamp("StartTime");
        Instant end = in.requiredTimestamp("EndTime");
        if (!start.isBefore(end)) {
            throw CloudWatchError.invalidParameterValue("The parameter StartTime must be less than the parameter EndTime.");
        }
        String scanBy = in.string("ScanBy");
        if (scanBy != null && !scanBy.equals("TimestampDescending") && !scanBy.equals("TimestampAscending")) {
            throw CloudWatchError.notInSet("ScanBy", "TimestampDescending, TimestampAscending");
        }
        boolean ascending = "TimestampAscending".equals(scanBy);
        Long maxDatapoints = in.integer("MaxDatapoints");
        long max = maxDatapoints == null ? DEFAULT_MAX_DATAPOINTS : maxDatapoints;
        if (max < 1) throw CloudWatchError.invalidParameterValue("The parameter MaxDatapoints must be greater than 0.");
        List<Query> queries = queries(where, in);
        Cursor cursor = in.has("NextToken") ? decode(in.string("NextToken"), queries.size()) : null;

        List<Object> results = new ArrayList<>();
        String nextToken = null;
        long left = max;
        for (int qi = cursor == null ? 0 : cursor.query(); qi < queries.size() && nextToken == null; qi++) {
            Query q = queries.get(qi);
            List<Datapoint> points = q.series() == null ? List.of()
                    : Statistics.points(store, q.series().key(), q.period(), start.toEpochMilli(), end.toEpochMilli());
            if (q.unit() != null && q.series() != null && !q.unit().equals(q.series().key().metric().unit().cloudWatch())) {
                points = List.of();
            }
            if (!ascending) {
                points = new ArrayList<>(points);
                java.util.Collections.reverse(points);
            }
            List<Object> timestamps = new ArrayList<>();
            List<Object> values = new ArrayList<>();
            for (Datapoint d : points) {
                if (cursor != null && qi == cursor.query() && startsLater(d, cursor, ascending)) continue;
                Double v = Statistics.value(q.stat(), d);
                if (v == null) continue;
                if (left == 0) {
                    nextToken = encode(new Cursor(qi, d.timestampMillis()));
                    break;
                }
                timestamps.add(Instant.ofEpochMilli(d.timestampMillis()));
                values.add(v);
                left--;
            }
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("Id", q.id());
            r.put("Label", q.label());
            r.put("Timestamps", timestamps);
            r.put("Values", values);
            r.put("StatusCode", nextToken == null ? "Complete" : "PartialData");
            r.put("Messages", List.of());
            results.add(r);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("MetricDataResults", results);
        out.put("NextToken", nextToken);
        out.put("Messages", List.of());
        return out;
    }

    /** Whether a data point comes before the cursor in scan order (and so was on an earlier page). */
    private static boolean startsLater(Datapoint d, Cursor c, boolean ascending) {
        return ascending ? d.timestampMillis() < c.timestampMillis() : d.timestampMillis() > c.timestampMillis();
    }

    /** The queries that return data, checked; ids unique. */
    private List<Query> queries(Namespace where, Params in) {
        List<Params> all = in.structs("MetricDataQueries");
        if (all.isEmpty()) throw CloudWatchError.missingParameter("MetricDataQueries");
        if (all.size() > MAX_QUERIES) {
            throw CloudWatchError.invalidParameterValue("The collection MetricDataQueries must not have a size greater than " + MAX_QUERIES + ".");
        }
        Set<String> ids = new HashSet<>();
        List<Query> out = new ArrayList<>();
        for (Params q : all) {
            String id = q.requiredString("Id");
            if (!ID.matcher(id).matches()) {
                throw CloudWatchError.invalidParameterValue("The value " + id + " for parameter " + q.name("Id")
                        + " is invalid. It must start with a lowercase letter and contain only letters, numbers and underscores.");
            }
            if (!ids.add(id)) throw CloudWatchError.invalidParameterValue("The values for parameter id in MetricDataQueries are not unique.");
            boolean hasExpression = q.has("Expression");
            Params stat = q.struct("MetricStat");
            if (hasExpression == (stat != null)) {
                throw CloudWatchError.invalidParameterValue("The parameter " + q.path() + " must have exactly one of Expression and MetricStat.");
            }
            if (hasExpression) {
                throw CloudWatchError.invalidParameterValue("The parameter " + q.name("Expression")
                        + " is not supported: Keyline's CloudWatch endpoint evaluates no metric math expressions.");
            }
            Params metric = stat.struct("Metric");
            if (metric == null) throw CloudWatchError.missingParameter(stat.name("Metric"));
            Long period = stat.integer("Period");
            if (period == null) throw CloudWatchError.missingParameter(stat.name("Period"));
            Statistics.checkPeriod(period, stat.name("Period"));
            String statName = stat.requiredString("Stat");
            if (Statistics.standard(statName) == null && Statistics.percentile(statName) == null) {
                throw CloudWatchError.invalidParameterValue("The value " + statName + " for parameter " + stat.name("Stat") + " is not supported.");
            }
            String unit = StandardUnit.of(stat, "Unit");
            String metricName = metric.requiredString("MetricName");
            DynamoDbSeries series = DynamoDbSeries.find(store, where, metric.string("Namespace"), metricName,
                    DynamoDbSeries.dimensions(metric, "Dimensions"));
            if (Boolean.FALSE.equals(q.bool("ReturnData"))) continue;
            String label = q.has("Label") ? q.string("Label") : metricName;
            out.add(new Query(id, label, series, period, statName, unit));
        }
        return out;
    }

    private static String encode(Cursor c) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((c.query() + ":" + c.timestampMillis()).getBytes(StandardCharsets.UTF_8));
    }

    private static Cursor decode(String token, int queries) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split(":");
            Cursor c = new Cursor(Integer.parseInt(parts[0]), Long.parseLong(parts[1]));
            if (parts.length == 2 && c.query() >= 0 && c.query() < queries) return c;
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            // below
        }
        throw CloudWatchError.invalidNextToken();
    }
}
