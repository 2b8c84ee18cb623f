package io.keyline.metadata;

/** DynamoDB's ContributorInsightsStatus values (docs/RULES.md#INSIGHTS-STATUS). */
public enum InsightsStatus { ENABLING, ENABLED, DISABLING, DISABLED, FAILED }
