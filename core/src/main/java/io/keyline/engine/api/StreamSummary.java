package io.keyline.engine.api;

/** One stream as ListStreams shows it. */
public record StreamSummary(String streamArn, String tableName, String streamLabel) {}
