package io.keyline.op.request;

/** A DescribeContributorInsights request after deserialization ({@code tableName} may be an ARN). */
public record DescribeContributorInsightsRequest(String tableName, String indexName) {}
