package io.keyline.op.request;

/**
 * An UpdateContributorInsights request after deserialization. {@code tableName} may be the
 * table's ARN; {@code action} and {@code mode} are still unchecked strings.
 */
public record UpdateContributorInsightsRequest(String tableName, String indexName, String action, String mode) {}
