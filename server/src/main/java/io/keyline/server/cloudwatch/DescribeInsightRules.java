package io.keyline.server.cloudwatch;

import io.keyline.engine.Engine;
import io.keyline.time.Clock;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CloudWatch's DescribeInsightRules over the rules DynamoDB creates for Contributor Insights
 * ({@link InsightRules}): each as an InsightRule (Name, State, Schema, Definition, ManagedRule),
 * MaxResults a page (1 to 500, default 500) with NextToken. The Definition is a CloudWatchLogRule
 * body written by Keyline that says what the rule counts (DynamoDB does not publish its text).
 * docs/RULES.md#CW-INSIGHT-RULES. Stateless.
 */
final class DescribeInsightRules {
    static final int MAX_RESULTS = 500;
    static final String SCHEMA = "CloudWatchLogRule/1";

    private final Clock clock;

    DescribeInsightRules(Clock clock) { this.clock = clock; }

    Map<String, Object> run(Engine region, Params in) {
        Long max = in.integer("MaxResults");
        if (max != null && (max < 1 || max > MAX_RESULTS)) {
            throw CloudWatchError.invalidParameterValue("The parameter MaxResults must be between 1 and " + MAX_RESULTS + ".");
        }
        int limit = max == null ? MAX_RESULTS : max.intValue();
        int from = in.has("NextToken") ? position(in.string("NextToken")) : 0;
        List<InsightRules.Rule> rules = InsightRules.all(region, clock.now());
        List<Object> page = new ArrayList<>();
        int to = Math.min(rules.size(), from + limit);
        for (int i = from; i < to; i++) page.add(wire(rules.get(i)));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("NextToken", to < rules.size() ? token(to) : null);
        out.put("InsightRules", page);
        return out;
    }

    /** In the model's order: Name, State, Schema, Definition, ManagedRule. */
    private static Map<String, Object> wire(InsightRules.Rule r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Name", r.name());
        m.put("State", "ENABLED");
        m.put("Schema", SCHEMA);
        m.put("Definition", definition(r));
        m.put("ManagedRule", true);
        return m;
    }

    /** What the rule counts, as a CloudWatchLogRule body: its keys, and Sum of consumed units or Count of throttles. */
    static String definition(InsightRules.Rule r) {
        StringBuilder keys = new StringBuilder();
        for (String label : InsightRules.keyLabels(r)) {
            if (keys.length() > 0) keys.append(',');
            keys.append("\"$.key.").append(label.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        String resource = r.index() == null ? r.table().name() : r.table().name() + "/index/" + r.index();
        return "{\"Schema\":{\"Name\":\"CloudWatchLogRule\",\"Version\":1},\"LogFormat\":\"JSON\","
                + "\"Contribution\":{\"Keys\":[" + keys + "]" + (r.rule().throttled() ? "" : ",\"ValueOf\":\"$.consumedCapacityUnits\"")
                + ",\"Filters\":[{\"Match\":\"$.resource\",\"In\":[\"" + resource.replace("\"", "\\\"") + "\"]}"
                + (r.rule().throttled() ? ",{\"Match\":\"$.throttled\",\"In\":[true]}" : "") + "]},"
                + "\"AggregateOn\":\"" + (r.rule().throttled() ? "Count" : "Sum") + "\"}";
    }

    private static String token(int position) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(("rules:" + position).getBytes(StandardCharsets.UTF_8));
    }

    private static int position(String token) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (text.startsWith("rules:")) {
                int p = Integer.parseInt(text.substring(6));
                if (p >= 0) return p;
            }
        } catch (IllegalArgumentException e) {
            // below
        }
        throw CloudWatchError.invalidNextToken();
    }
}
