package io.keyline.op.response;

import io.keyline.insights.InsightsResource;
import io.keyline.insights.RuleNames;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * DescribeContributorInsights' answer and ListContributorInsights' summaries of one table or GSI
 * (docs/RULES.md#INSIGHTS-DESCRIBE): a resource never configured is only DISABLED; otherwise
 * status, mode and LastUpdateDateTime, the rule names while the rules exist (ENABLED, DISABLING),
 * and FailureException while a failed ENABLE is FAILED or being disabled. Stateless.
 */
public final class InsightsDescriptions {
    private InsightsDescriptions() {}

    /** The DescribeContributorInsights response; {@code state} resolved at now, null if never configured. */
    public static Map<String, Object> describe(InsightsResource resource, InsightsState state, boolean hasSortKey) {
        Map<String, Object> d = names(resource);
        if (state == null) {
            d.put("ContributorInsightsStatus", InsightsStatus.DISABLED.name());
            return d;
        }
        if (state.status() == InsightsStatus.ENABLED || state.status() == InsightsStatus.DISABLING) {
            d.put("ContributorInsightsRuleList", RuleNames.names(resource, state.mode(), hasSortKey, state.rulesCreated()));
        }
        d.put("ContributorInsightsStatus", state.status().name());
        if (state.lastUpdate() != null) d.put("LastUpdateDateTime", TableDescriptions.time(state.lastUpdate()));
        boolean failed = state.status() == InsightsStatus.FAILED || state.status() == InsightsStatus.DISABLING;
        if (failed && state.failureName() != null) { // an ENABLE bound to fail shows none while ENABLING
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("ExceptionName", state.failureName());
            f.put("ExceptionDescription", state.failureDescription());
            d.put("FailureException", f);
        }
        d.put("ContributorInsightsMode", state.mode().name());
        return d;
    }

    /** A ContributorInsightsSummary, and UpdateContributorInsights' answer: names, status and mode. */
    public static Map<String, Object> summary(InsightsResource resource, InsightsStatus status, InsightsState state) {
        Map<String, Object> d = names(resource);
        d.put("ContributorInsightsStatus", status.name());
        if (state != null) d.put("ContributorInsightsMode", state.mode().name());
        return d;
    }

    private static Map<String, Object> names(InsightsResource resource) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("TableName", resource.tableName());
        if (resource.indexName() != null) d.put("IndexName", resource.indexName());
        return d;
    }
}
