package io.keyline.op.request;

/**
 * A ListContributorInsights request after deserialization: every table's entries when
 * {@code tableName} (or ARN) is null; {@code maxResults} null when not given.
 */
public record ListContributorInsightsRequest(String tableName, String nextToken, Integer maxResults) {}
