package io.keyline.op.request;

/** A DescribeTimeToLive request after deserialization. */
public record DescribeTimeToLiveRequest(String tableName) {}
