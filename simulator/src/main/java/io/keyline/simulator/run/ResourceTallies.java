package io.keyline.simulator.run;

import io.keyline.error.ApiException;
import io.keyline.insights.TopKey;
import io.keyline.simulator.report.ResourceReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the client side counts per table and GSI (a resource, named "T" or "T/index/G"):
 * throttled requests per minute, by the resource a throttling error names (weighted), entries
 * returned by reads (weighted), and the top keys Contributor Insights reported minute by minute
 * ({@link #topKeys}), summed over the run. One thread.
 */
final class ResourceTallies {
    /** Keys taken from each minute's Contributor Insights answer. */
    static final int KEYS_PER_MINUTE = 32;

    private final Map<String, TreeMap<Integer, Double>> throttledByMinute = new HashMap<>();
    private final Map<String, Double> entriesRead = new HashMap<>();
    private final Map<String, Map<String, double[]>> accessedKeys = new HashMap<>();
    private final Map<String, Map<String, double[]>> throttledKeys = new HashMap<>();
    private final java.util.function.BiPredicate<String, String> isGlobalIndex;

    /** @param isGlobalIndex (table, index name) → whether the index is a GSI (an LSI's reads are its table's) */
    ResourceTallies(java.util.function.BiPredicate<String, String> isGlobalIndex) { this.isGlobalIndex = isGlobalIndex; }

    static String resource(String table, String index) { return index == null ? table : table + "/index/" + index; }

    /** Items a request's answer returned, weighted, counted on the table or GSI it read. */
    void read(SimRequest request, double weightedItems) {
        if (weightedItems == 0) return;
        String table = tableOf(request.body().raw());
        if (table == null) return;
        String index = request.body().string("IndexName");
        entriesRead.merge(resource(table, index != null && isGlobalIndex.test(table, index) ? index : null), weightedItems, Double::sum);
    }

    /** The table a read names: its TableName, or a batch's or transaction's first (a scenario's pattern reads one table). */
    private static String tableOf(Map<String, Object> body) {
        if (body.get("TableName") instanceof String t) return t;
        if (body.get("RequestItems") instanceof Map<?, ?> byTable && !byTable.isEmpty()
                && byTable.keySet().iterator().next() instanceof String t) return t;
        if (body.get("TransactItems") instanceof List<?> items && !items.isEmpty() && items.get(0) instanceof Map<?, ?> first
                && first.values().iterator().next() instanceof Map<?, ?> action && action.get("TableName") instanceof String t) return t;
        return null;
    }

    /** A throttled attempt, counted on each resource its error names (docs/RULES.md#THROTTLE-REASONS). */
    void throttled(ApiException e, double weight, int minute) {
        Object reasons = e.extras().get("ThrottlingReasons");
        if (!(reasons instanceof List<?> list)) return;
        for (Object r : list) {
            if (!(r instanceof Map<?, ?> m) || !(m.get("resource") instanceof String arn)) continue;
            String resource = fromArn(arn);
            if (resource != null) throttledByMinute.computeIfAbsent(resource, k -> new TreeMap<>()).merge(minute, weight, Double::sum);
        }
    }

    /** "arn:...:table/T" → "T"; "arn:...:table/T/index/G" → "T/index/G". */
    static String fromArn(String arn) {
        int at = arn.indexOf(":table/");
        return at < 0 ? null : arn.substring(at + ":table/".length());
    }

    long throttledRequests(String resource, int minute) {
        TreeMap<Integer, Double> m = throttledByMinute.get(resource);
        return m == null ? 0 : Math.round(m.getOrDefault(minute, 0.0));
    }

    /** Throttled requests in minute {@code minute} and every minute after it (a run's last row takes its tail). */
    long throttledRequestsFrom(String resource, int minute) {
        TreeMap<Integer, Double> m = throttledByMinute.get(resource);
        return m == null ? 0 : Math.round(m.tailMap(minute, true).values().stream().mapToDouble(Double::doubleValue).sum());
    }

    long throttledRequests(String resource) {
        TreeMap<Integer, Double> m = throttledByMinute.get(resource);
        return m == null ? 0 : Math.round(m.values().stream().mapToDouble(Double::doubleValue).sum());
    }

    long entriesRead(String resource) { return Math.round(entriesRead.getOrDefault(resource, 0.0)); }

    /** One minute's top keys of a resource, accessed or throttled, as Contributor Insights ranked them. */
    void topKeys(String resource, boolean throttled, List<TopKey> keys) {
        Map<String, double[]> sums = (throttled ? throttledKeys : accessedKeys).computeIfAbsent(resource, k -> new HashMap<>());
        for (TopKey k : keys) {
            double[] s = sums.computeIfAbsent(k.keys().get(0), x -> new double[2]);
            s[0] += k.value();
            s[1] = Math.max(s[1], k.value());
        }
    }

    /**
     * The run's heaviest keys of a resource, at most {@code n}, heaviest first; counts scaled by
     * {@code scale}, peak per second the busiest minute's count over 60.
     */
    List<ResourceReport.KeyCount> top(String resource, boolean throttled, int n, double scale) {
        Map<String, double[]> sums = (throttled ? throttledKeys : accessedKeys).getOrDefault(resource, Map.of());
        List<Map.Entry<String, double[]>> entries = new ArrayList<>(sums.entrySet());
        entries.sort(Comparator.comparingDouble((Map.Entry<String, double[]> e) -> e.getValue()[0]).reversed()
                .thenComparing(Map.Entry::getKey));
        List<ResourceReport.KeyCount> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : entries.subList(0, Math.min(n, entries.size()))) {
            out.add(new ResourceReport.KeyCount(e.getKey(), null, Math.round(e.getValue()[0] * scale), e.getValue()[1] * scale / 60.0));
        }
        return out;
    }
}
