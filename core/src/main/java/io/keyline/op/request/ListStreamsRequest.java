package io.keyline.op.request;

/** A ListStreams request as sent. */
public record ListStreamsRequest(String tableName, Integer limit, String exclusiveStartStreamArn) {}
