package io.keyline.insights;

/**
 * The four rules DynamoDB creates for a table or GSI with Contributor Insights on
 * (docs/RULES.md#INSIGHTS-RULE-NAMES), in the order DescribeContributorInsights lists them: most
 * accessed and most throttled keys, by partition key and by partition and sort key. The sort-key
 * rules exist only for a resource with a sort key; the accessed rules only in mode
 * ACCESSED_AND_THROTTLED_KEYS.
 */
public enum InsightsRule {
    /** Most accessed items by partition key: weighed in consumed capacity units. */
    PKC(false, false),
    /** Most accessed items by partition and sort key: consumed capacity units. */
    SKC(false, true),
    /** Most throttled keys by partition key: throttled requests. */
    PKT(true, false),
    /** Most throttled keys by partition and sort key: throttled requests. */
    SKT(true, true);

    private final boolean throttled;
    private final boolean sortKey;

    InsightsRule(boolean throttled, boolean sortKey) {
        this.throttled = throttled;
        this.sortKey = sortKey;
    }

    /** Whether the rule counts throttled requests (else consumed units of served ones). */
    public boolean throttled() { return throttled; }

    /** Whether its contributors are partition and sort key pairs (else partition keys). */
    public boolean sortKey() { return sortKey; }
}
