package io.keyline.insights;

import io.keyline.metadata.InsightsMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The names of the CloudWatch rules DynamoDB creates for a table or GSI
 * (docs/RULES.md#INSIGHTS-RULE-NAMES): {@code DynamoDBContributorInsights-<rule>-<resource>-<created>},
 * where the resource is the table's name, or {@code <table>-<index>} for a GSI, and
 * {@code created} the rules' creation time in epoch milliseconds. Stateless.
 */
public final class RuleNames {
    static final String PREFIX = "DynamoDBContributorInsights-";
    /** ContributorInsightsRuleList's pattern allows 128 characters (API_DescribeContributorInsights). */
    static final int MAX_LENGTH = 128;

    private RuleNames() {}

    /** The rules of {@code mode} on a resource with or without a sort key, in DynamoDB's order. */
    public static List<InsightsRule> rules(InsightsMode mode, boolean hasSortKey) {
        List<InsightsRule> out = new ArrayList<>(4);
        for (InsightsRule r : InsightsRule.values()) {
            if (r.sortKey() && !hasSortKey) continue;
            if (!r.throttled() && !mode.countsAccesses()) continue;
            out.add(r);
        }
        return out;
    }

    /**
     * The rule names. A long table or index name is cut so the name fits the 128 characters the
     * list's pattern allows (how DynamoDB shortens it is not documented: our choice).
     */
    public static List<String> names(InsightsResource resource, InsightsMode mode, boolean hasSortKey, long created) {
        String name = resource.indexName() == null ? resource.tableName() : resource.tableName() + "-" + resource.indexName();
        String suffix = "-" + created;
        int room = MAX_LENGTH - PREFIX.length() - "PKC-".length() - suffix.length();
        if (name.length() > room) name = name.substring(0, room);
        List<String> out = new ArrayList<>(4);
        for (InsightsRule r : rules(mode, hasSortKey)) out.add(PREFIX + r.name() + "-" + name + suffix);
        return out;
    }
}
