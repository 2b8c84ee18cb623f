package io.keyline.insights;

/**
 * A table ({@code indexName} null) or one of its GSIs, as Contributor Insights names it.
 * Immutable.
 */
public record InsightsResource(String tableName, String indexName) {
    public static InsightsResource table(String tableName) { return new InsightsResource(tableName, null); }
}
