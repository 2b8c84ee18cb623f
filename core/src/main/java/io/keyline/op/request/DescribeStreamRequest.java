package io.keyline.op.request;

/** A DescribeStream request as sent; {@code shardFilterType}/{@code shardFilterShardId} from ShardFilter. */
public record DescribeStreamRequest(String streamArn, Integer limit, String exclusiveStartShardId, String shardFilterType,
                                    String shardFilterShardId) {}
