package io.keyline.op.request;

/** A GetShardIterator request as sent. */
public record GetShardIteratorRequest(String streamArn, String shardId, String shardIteratorType, String sequenceNumber) {}
