package io.keyline.server.cloudwatch;

import io.keyline.engine.Engine;
import io.keyline.insights.InsightsResource;
import io.keyline.insights.InsightsRule;
import io.keyline.insights.RuleNames;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.KeySchema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The CloudWatch Contributor Insights rules DynamoDB creates for the tables and GSIs of one region
 * whose insights are on (docs/RULES.md#CW-INSIGHT-RULES): their names as DescribeContributorInsights
 * lists them (docs/RULES.md#INSIGHTS-RULE-NAMES), for the resources whose rules exist (ENABLED, or
 * DISABLING), tables in name order, a table before its GSIs. Stateless; reads the catalog.
 */
final class InsightRules {
    /** One rule: its name, the resource it counts, which of the four rules it is. */
    record Rule(String name, TableMetadata table, String index, KeySchema keys, InsightsRule rule) {}

    private InsightRules() {}

    /** Every rule of {@code region}'s tables (the engine's view for the request's region) at {@code now}. */
    static List<Rule> all(Engine region, Instant now) {
        List<Rule> out = new ArrayList<>();
        for (String name : region.tables().names(null, Integer.MAX_VALUE)) {
            TableMetadata t = region.tables().get(name);
            if (t == null || t.insights().isNone()) continue;
            add(out, t, null, t.keySchema(), now);
            for (IndexMetadata g : t.globalIndexes()) add(out, t, g.name(), g.keySchema(), now);
        }
        return out;
    }

    /** The rule of that name, or null. */
    static Rule find(Engine region, String name, Instant now) {
        for (Rule r : all(region, now)) if (r.name().equals(name)) return r;
        return null;
    }

    private static void add(List<Rule> out, TableMetadata t, String index, KeySchema keys, Instant now) {
        InsightsState s = t.insights().of(index);
        if (s == null) return;
        InsightsState r = s.resolvedAt(now);
        if (r.status() != InsightsStatus.ENABLED && r.status() != InsightsStatus.DISABLING) return;
        InsightsResource resource = new InsightsResource(t.name(), index);
        List<String> names = RuleNames.names(resource, r.mode(), keys.hasSortKey(), r.rulesCreated());
        List<InsightsRule> rules = RuleNames.rules(r.mode(), keys.hasSortKey());
        for (int i = 0; i < names.size(); i++) out.add(new Rule(names.get(i), t, index, keys, rules.get(i)));
    }

    /** The contributor's key labels: the partition key's attribute name, and the sort key's for a sort-key rule. */
    static List<String> keyLabels(Rule r) {
        List<String> labels = new ArrayList<>(2);
        labels.add(r.keys().partitionKey().name());
        if (r.rule().sortKey()) labels.add(r.keys().sortKey().name());
        return labels;
    }
}
