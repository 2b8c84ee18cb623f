package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Streams;
import io.keyline.engine.api.StreamDescription;
import io.keyline.engine.api.StreamShard;
import io.keyline.op.request.DescribeStreamRequest;
import io.keyline.op.request.StreamShapes;
import io.keyline.op.response.TableDescriptions;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DescribeStream (DynamoDB Streams): the stream's status (ENABLING, ENABLED, DISABLING, DISABLED: docs/RULES.md#STREAM-STATUS),
 * view type, table and key schema, and a page of its shards in ShardId order (Limit 1-100,
 * default 100, after ExclusiveStartShardId; LastEvaluatedShardId when more follow), each with its
 * parent and sequence-number range; ShardFilter CHILD_SHARDS keeps the children of one shard
 * (docs/RULES.md#STREAM-SHARDS). Stateless.
 */
public final class DescribeStream implements StreamsOperation<DescribeStreamRequest> {
    /** API_streams_DescribeStream: Limit 1 to 100, 100 when not given. */
    public static final int MAX_LIMIT = 100;

    private final Streams streams;

    public DescribeStream(Engine engine) { this.streams = engine.streams(); }

    @Override public String name() { return "DescribeStream"; }

    @Override public void constraints(JsonObject request, Violations v) {
        StreamShapes.required(v, "streamArn", request.string("StreamArn"));
        StreamShapes.length(v, "streamArn", request.string("StreamArn"), StreamShapes.ARN_MIN, StreamShapes.ARN_MAX);
        StreamShapes.range(v, "limit", request.longValue("Limit"), 1, MAX_LIMIT);
        StreamShapes.length(v, "exclusiveStartShardId", request.string("ExclusiveStartShardId"), StreamShapes.SHARD_ID_MIN,
                StreamShapes.SHARD_ID_MAX);
        JsonObject filter = request.object("ShardFilter");
        if (filter != null) {
            StreamShapes.required(v, "shardFilter.type", filter.string("Type"));
            StreamShapes.oneOf(v, "shardFilter.type", filter.string("Type"), StreamShapes.SHARD_FILTER_TYPES);
            StreamShapes.required(v, "shardFilter.shardId", filter.string("ShardId"));
            StreamShapes.length(v, "shardFilter.shardId", filter.string("ShardId"), StreamShapes.SHARD_ID_MIN, StreamShapes.SHARD_ID_MAX);
        }
    }

    @Override public DescribeStreamRequest decode(JsonObject request) {
        JsonObject filter = request.object("ShardFilter");
        return new DescribeStreamRequest(request.string("StreamArn"), request.intValue("Limit"), request.string("ExclusiveStartShardId"),
                filter == null ? null : filter.string("Type"), filter == null ? null : filter.string("ShardId"));
    }

    @Override public Object run(DescribeStreamRequest request) {
        StreamDescription d = streams.describe(request.streamArn(), request.limit() == null ? MAX_LIMIT : request.limit(),
                request.exclusiveStartShardId(), request.shardFilterType() == null ? null : request.shardFilterShardId());
        Map<String, Object> desc = new LinkedHashMap<>();
        desc.put("StreamArn", d.streamArn());
        desc.put("StreamLabel", d.streamLabel());
        desc.put("StreamStatus", d.status());
        desc.put("StreamViewType", d.viewType());
        desc.put("CreationRequestDateTime", TableDescriptions.time(d.created()));
        desc.put("TableName", d.tableName());
        desc.put("KeySchema", TableDescriptions.keySchema(d.keySchema()));
        List<Object> shards = new ArrayList<>();
        for (StreamShard s : d.shards()) {
            Map<String, Object> shard = new LinkedHashMap<>();
            shard.put("ShardId", s.shardId());
            Map<String, Object> range = new LinkedHashMap<>();
            range.put("StartingSequenceNumber", s.startingSequenceNumber());
            if (s.endingSequenceNumber() != null) range.put("EndingSequenceNumber", s.endingSequenceNumber());
            shard.put("SequenceNumberRange", range);
            if (s.parentShardId() != null) shard.put("ParentShardId", s.parentShardId());
            shards.add(shard);
        }
        desc.put("Shards", shards);
        if (d.lastEvaluatedShardId() != null) desc.put("LastEvaluatedShardId", d.lastEvaluatedShardId());
        return Map.of("StreamDescription", desc);
    }
}
