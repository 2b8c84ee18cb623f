package io.keyline.metadata;

/**
 * DynamoDB's ContributorInsightsMode values: every access and every throttle counted, or
 * throttles only (docs/RULES.md#INSIGHTS-MODE).
 */
public enum InsightsMode {
    ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS;

    /** Whether accesses that were not throttled are counted too. */
    public boolean countsAccesses() { return this == ACCESSED_AND_THROTTLED_KEYS; }
}
