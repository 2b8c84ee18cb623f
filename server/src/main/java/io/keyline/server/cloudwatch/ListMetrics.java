package io.keyline.server.cloudwatch;

import io.keyline.metadata.Namespace;
import io.keyline.metrics.MetricsStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CloudWatch's ListMetrics over the series DynamoDB publishes ({@link DynamoDbSeries}): filtered by
 * Namespace, MetricName and dimension filters (a filter with only a Name matches any value),
 * {@value #PAGE_SIZE} a page as CloudWatch pages it, in a stable order; NextToken is the position
 * of the next page in that order. Every series in the store has had a value within the retention
 * (at most a few hours), so {@code RecentlyActive=PT3H} filters nothing (docs/RULES.md#CW-LIST-METRICS).
 * Stateless; reads the store.
 */
final class ListMetrics {
    static final int PAGE_SIZE = 500;

    private final MetricsStore store;

    ListMetrics(MetricsStore store) { this.store = store; }

    /** @param where the account and region the request was signed for */
    Map<String, Object> run(Namespace where, Params in) {
        String namespace = in.string("Namespace");
        String metricName = in.string("MetricName");
        List<Params> filters = in.structs("Dimensions");
        if (filters.size() > 10) throw CloudWatchError.invalidParameterValue("The collection Dimensions must not have a size greater than 10.");
        List<String[]> wanted = new ArrayList<>();
        for (Params f : filters) wanted.add(new String[] {f.requiredString("Name"), f.string("Value")});
        String recentlyActive = in.string("RecentlyActive");
        if (recentlyActive != null && !recentlyActive.equals("PT3H")) throw CloudWatchError.notInSet("RecentlyActive", "PT3H");
        int from = in.has("NextToken") ? position(in.string("NextToken")) : 0;

        List<DynamoDbSeries> matching = new ArrayList<>();
        if (namespace == null || namespace.equals(DynamoDbSeries.NAMESPACE)) {
            for (DynamoDbSeries s : DynamoDbSeries.all(store, where)) {
                if (metricName != null && !metricName.equals(s.metricName())) continue;
                if (wanted.stream().allMatch(w -> s.matches(w[0], w[1]))) matching.add(s);
            }
        }
        List<Object> metrics = new ArrayList<>();
        int to = Math.min(matching.size(), from + PAGE_SIZE);
        for (int i = from; i < to; i++) metrics.add(matching.get(i).wire());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Metrics", metrics);
        out.put("NextToken", to < matching.size() ? token(to) : null);
        return out;
    }

    private static String token(int position) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(("list:" + position).getBytes(StandardCharsets.UTF_8));
    }

    private static int position(String token) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (text.startsWith("list:")) {
                int p = Integer.parseInt(text.substring(5));
                if (p >= 0) return p;
            }
        } catch (IllegalArgumentException e) {
            // below
        }
        throw CloudWatchError.invalidParameterValue("The parameter NextToken is not valid.");
    }
}
