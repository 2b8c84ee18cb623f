package io.keyline.engine.api;

import io.keyline.model.KeySchema;
import java.time.Instant;
import java.util.List;

/**
 * What DescribeStream answers: the stream, its status (ENABLING, ENABLED, DISABLING or DISABLED), the table's key
 * schema, one page of shards and, when more follow, the last shard id of the page.
 */
public record StreamDescription(String streamArn, String streamLabel, String status, String viewType, Instant created,
                                String tableName, KeySchema keySchema, List<StreamShard> shards, String lastEvaluatedShardId) {}
