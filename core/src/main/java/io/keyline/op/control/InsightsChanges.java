package io.keyline.op.control;

import io.keyline.engine.Tables;
import io.keyline.insights.RuleNames;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsMode;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.TableMetadata;
import java.time.Duration;
import java.time.Instant;

/**
 * UpdateContributorInsights' state machine on one table or GSI (docs/RULES.md#INSIGHTS-STATUS), as
 * pure functions of the current state (resolved at now; null if never configured): ENABLE starts
 * ENABLING (the answer) and settles ENABLED after {@code delay}, or FAILED when the rules would
 * pass CloudWatch's quota (docs/RULES.md#INSIGHTS-RULE-QUOTA); DISABLE starts DISABLING and
 * settles DISABLED. Asking for the state a resource is already in changes nothing. Stateless.
 */
public final class InsightsChanges {
    /** CloudWatch's default quota of Contributor Insights rules per account and region (docs/RULES.md#INSIGHTS-RULE-QUOTA). */
    public static final int RULE_QUOTA = 100;
    /** The FailureException of an ENABLE past the quota (docs/RULES.md#INSIGHTS-RULE-QUOTA). */
    public static final String QUOTA_FAILURE = "LimitExceededException";
    public static final String QUOTA_FAILURE_DESCRIPTION = "Amazon CloudWatch Contributor Insights rule limit reached. "
            + "Please disable Contributor Insights for other tables/indexes OR disable other CloudWatch Contributor "
            + "Insights rules before retrying.";

    private InsightsChanges() {}

    /**
     * The state after ENABLE in {@code mode}; {@code current} itself when it already is (or is
     * becoming) ENABLED in that mode. A mode change of live rules keeps their creation time;
     * new rules are named after now.
     *
     * @param rulesElsewhere rules the other resources of the namespace (account and region) hold now
     */
    public static InsightsState enable(InsightsState current, InsightsMode mode, boolean hasSortKey, Instant now,
                                       Duration delay, int rulesElsewhere) {
        boolean live = current != null && (current.status() == InsightsStatus.ENABLED
                || current.status() == InsightsStatus.ENABLING && current.failureName() == null);
        if (live && current.mode() == mode) return current;
        long created = live ? current.rulesCreated() : now.toEpochMilli();
        boolean overQuota = rulesElsewhere + RuleNames.rules(mode, hasSortKey).size() > RULE_QUOTA;
        return new InsightsState(InsightsStatus.ENABLING, mode, now, now.plus(delay), created,
                overQuota ? QUOTA_FAILURE : null, overQuota ? QUOTA_FAILURE_DESCRIPTION : null);
    }

    /** The state after DISABLE; {@code current} itself when it is DISABLED, DISABLING or was never configured. */
    public static InsightsState disable(InsightsState current, Instant now, Duration delay) {
        if (current == null || current.status() == InsightsStatus.DISABLED || current.status() == InsightsStatus.DISABLING) {
            return current;
        }
        return new InsightsState(InsightsStatus.DISABLING, current.mode(), now, now.plus(delay), current.rulesCreated(),
                current.failureName(), current.failureDescription());
    }

    /**
     * How many rules every table and GSI of {@code tables}' namespace (the request's account and
     * region: the quota is per region, docs/RULES.md#INSIGHTS-RULE-QUOTA) holds at {@code now},
     * except the one named ({@code indexName} null: the table itself): those ENABLED, DISABLING,
     * or ENABLING to succeed.
     */
    public static int rulesInUse(Tables tables, String exceptTable, String exceptIndex, Instant now) {
        int rules = 0;
        for (String name : tables.names(null, Integer.MAX_VALUE)) {
            TableMetadata t = tables.get(name);
            if (t == null || t.insights().isNone()) continue;
            if (!(name.equals(exceptTable) && exceptIndex == null)) rules += rulesOf(t.insights().table(), t.keySchema().hasSortKey(), now);
            for (IndexMetadata g : t.globalIndexes()) {
                if (name.equals(exceptTable) && g.name().equals(exceptIndex)) continue;
                rules += rulesOf(t.insights().of(g.name()), g.keySchema().hasSortKey(), now);
            }
        }
        return rules;
    }

    private static int rulesOf(InsightsState s, boolean hasSortKey, Instant now) {
        if (s == null) return 0;
        InsightsState r = s.resolvedAt(now);
        boolean holds = r.status() == InsightsStatus.ENABLED || r.status() == InsightsStatus.DISABLING
                || r.status() == InsightsStatus.ENABLING && r.failureName() == null;
        return holds ? RuleNames.rules(r.mode(), hasSortKey).size() : 0;
    }
}
