package io.keyline.engine.api;

/**
 * One shard as DescribeStream shows it: sequence numbers as DynamoDB writes them (decimal text);
 * {@code parentShardId} null for a shard without parent, {@code endingSequenceNumber} null while open.
 */
public record StreamShard(String shardId, String parentShardId, String startingSequenceNumber, String endingSequenceNumber) {}
