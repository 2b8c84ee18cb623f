package io.keyline.op.request;


/** A DescribeTable request after deserialization. */
public record DescribeTableRequest(String tableName) {}
