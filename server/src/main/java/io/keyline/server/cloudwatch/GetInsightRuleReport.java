package io.keyline.server.cloudwatch;

import io.keyline.engine.Engine;
import io.keyline.insights.TopKey;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CloudWatch's GetInsightRuleReport over a DynamoDB Contributor Insights rule ({@link InsightRules}):
 * the top contributors of [StartTime, EndTime) from Contributor Insights' one-minute sketches
 * (the last hour is kept; docs/OBSERVABILITY.md "The top keys"), in CloudWatch's shape:
 * KeyLabels (the key attributes' names), AggregationStatistic (Sum of consumed units for the
 * accessed rules, of throttled requests for the throttled ones), AggregateValue (the window's
 * total), ApproximateUniqueCount, Contributors (at most MaxContributorCount, default and most 100,
 * heaviest first, each with its Keys, ApproximateAggregateValue and a Datapoint per period it had
 * weight in) and MetricDatapoints for the Metrics asked for, of UniqueContributors,
 * MaxContributorValue and Sum (the sketches keep no request counts: the others are left out).
 * Period is a multiple of 60 seconds (the sketches' minutes); periods start at StartTime rounded
 * down to its minute. docs/RULES.md#CW-INSIGHT-RULES. Stateless; reads the sketches at the clock's now.
 */
final class GetInsightRuleReport {
    static final int MAX_CONTRIBUTORS = 100;
    private static final long MINUTE = 60_000L;
    private static final Set<String> METRICS = Set.of("UniqueContributors", "MaxContributorValue", "SampleCount", "Sum",
            "Minimum", "Maximum", "Average");

    private final Clock clock;

    GetInsightRuleReport(Clock clock) { this.clock = clock; }

    Map<String, Object> run(Engine region, Params in) {
        String name = in.requiredString("RuleName");
        Instant start = in.requiredTimestamp("StartTime");
        Instant end = in.requiredTimestamp("EndTime");
        Long period = in.integer("Period");
        if (period == null) throw CloudWatchError.missingParameter("Period");
        if (period < 60 || period % 60 != 0) {
            throw CloudWatchError.invalidParameterValue("The parameter Period must be a multiple of 60 for a DynamoDB Contributor Insights rule.");
        }
        if (!start.isBefore(end)) {
            throw CloudWatchError.invalidParameterValue("The parameter StartTime must be less than the parameter EndTime.");
        }
        Long maxContributors = in.integer("MaxContributorCount");
        if (maxContributors != null && (maxContributors < 1 || maxContributors > MAX_CONTRIBUTORS)) {
            throw CloudWatchError.invalidParameterValue("The parameter MaxContributorCount must be between 1 and " + MAX_CONTRIBUTORS + ".");
        }
        List<String> metrics = in.strings("Metrics");
        for (int i = 0; i < metrics.size(); i++) {
            if (!METRICS.contains(metrics.get(i))) throw CloudWatchError.notInSet("Metrics.member." + (i + 1), String.join(", ", METRICS));
        }
        String orderBy = in.string("OrderBy");
        if (orderBy != null && !orderBy.equals("Sum") && !orderBy.equals("Maximum")) throw CloudWatchError.notInSet("OrderBy", "Sum, Maximum");
        InsightRules.Rule rule = InsightRules.find(region, name, clock.now());
        if (rule == null) throw CloudWatchError.resourceNotFound("The rule " + name + " does not exist.");

        long first = Math.floorDiv(start.toEpochMilli(), MINUTE) * MINUTE;
        long last = Math.floorDiv(end.toEpochMilli() - 1, MINUTE) * MINUTE; // the minute that holds EndTime's last instant
        long periodMillis = period * 1_000L;
        // per minute: every contributor the minute's sketch kept, and the minute's total
        Map<List<String>, Map<Long, Double>> byKey = new HashMap<>();
        Map<Long, double[]> periods = new LinkedHashMap<>(); // unique, max, sum
        Map<Long, Set<List<String>>> uniques = new HashMap<>();
        for (long m = first; m <= last; m += MINUTE) {
            long at = first + Math.floorDiv(m - first, periodMillis) * periodMillis;
            for (TopKey k : top(region, rule, Duration.ofMinutes(1), Integer.MAX_VALUE, m)) {
                byKey.computeIfAbsent(k.keys(), x -> new LinkedHashMap<>()).merge(at, k.value(), Double::sum);
                periods.computeIfAbsent(at, x -> new double[3])[2] += k.value();
                uniques.computeIfAbsent(at, x -> new HashSet<>()).add(k.keys());
            }
        }
        long minutes = (last - first) / MINUTE + 1;
        List<TopKey> window = top(region, rule, Duration.ofMinutes(minutes), maxContributors == null ? MAX_CONTRIBUTORS
                : maxContributors.intValue(), last);
        double aggregate = 0;
        for (double[] p : periods.values()) aggregate += p[2];
        List<Object> contributors = new ArrayList<>();
        for (TopKey k : window) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("Keys", k.keys());
            c.put("ApproximateAggregateValue", k.value());
            List<Object> points = new ArrayList<>();
            for (Map.Entry<Long, Double> e : byKey.getOrDefault(k.keys(), Map.of()).entrySet()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("Timestamp", Instant.ofEpochMilli(e.getKey()));
                p.put("ApproximateValue", e.getValue());
                points.add(p);
            }
            c.put("Datapoints", points);
            contributors.add(c);
        }
        Map<Long, Double> maxima = new HashMap<>();
        for (Map<Long, Double> perPeriod : byKey.values()) perPeriod.forEach((at, v) -> maxima.merge(at, v, Math::max));
        List<Object> metricPoints = new ArrayList<>();
        if (!metrics.isEmpty()) {
            for (Map.Entry<Long, double[]> e : periods.entrySet()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("Timestamp", Instant.ofEpochMilli(e.getKey()));
                if (metrics.contains("UniqueContributors")) p.put("UniqueContributors", (double) uniques.get(e.getKey()).size());
                if (metrics.contains("MaxContributorValue")) p.put("MaxContributorValue", maxima.getOrDefault(e.getKey(), 0.0));
                if (metrics.contains("Sum")) p.put("Sum", e.getValue()[2]);
                metricPoints.add(p);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("KeyLabels", InsightRules.keyLabels(rule));
        out.put("AggregationStatistic", "Sum");
        out.put("AggregateValue", aggregate);
        out.put("ApproximateUniqueCount", (long) byKey.size());
        out.put("Contributors", contributors);
        out.put("MetricDatapoints", metricPoints);
        return out;
    }

    /** The rule's {@code n} heaviest contributors over {@code window} ending with the minute of {@code at}. */
    private static List<TopKey> top(Engine region, InsightRules.Rule rule, Duration window, int n, long at) {
        return region.insights().topKeys(rule.table(), rule.index(), rule.rule(), window, n, Instant.ofEpochMilli(at));
    }
}
