package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Streams;
import io.keyline.error.Errors;
import io.keyline.op.request.GetShardIteratorRequest;
import io.keyline.op.request.StreamShapes;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.Map;

/**
 * GetShardIterator (DynamoDB Streams): where in a shard reading starts. TRIM_HORIZON (the oldest
 * record kept), LATEST (after the newest), AT_SEQUENCE_NUMBER and AFTER_SEQUENCE_NUMBER (which
 * need a SequenceNumber, and only they take one). The iterator is valid for 15 minutes
 * (docs/RULES.md#STREAM-API). Stateless.
 */
public final class GetShardIterator implements StreamsOperation<GetShardIteratorRequest> {
    private final Streams streams;

    public GetShardIterator(Engine engine) { this.streams = engine.streams(); }

    @Override public String name() { return "GetShardIterator"; }

    @Override public void constraints(JsonObject request, Violations v) {
        StreamShapes.required(v, "streamArn", request.string("StreamArn"));
        StreamShapes.length(v, "streamArn", request.string("StreamArn"), StreamShapes.ARN_MIN, StreamShapes.ARN_MAX);
        StreamShapes.required(v, "shardId", request.string("ShardId"));
        StreamShapes.length(v, "shardId", request.string("ShardId"), StreamShapes.SHARD_ID_MIN, StreamShapes.SHARD_ID_MAX);
        StreamShapes.required(v, "shardIteratorType", request.string("ShardIteratorType"));
        StreamShapes.oneOf(v, "shardIteratorType", request.string("ShardIteratorType"), StreamShapes.ITERATOR_TYPES);
        StreamShapes.length(v, "sequenceNumber", request.string("SequenceNumber"), StreamShapes.SEQUENCE_MIN, StreamShapes.SEQUENCE_MAX);
    }

    @Override public GetShardIteratorRequest decode(JsonObject request) {
        return new GetShardIteratorRequest(request.string("StreamArn"), request.string("ShardId"), request.string("ShardIteratorType"),
                request.string("SequenceNumber"));
    }

    @Override public Object run(GetShardIteratorRequest request) {
        String type = request.shardIteratorType();
        boolean positional = type.equals("AT_SEQUENCE_NUMBER") || type.equals("AFTER_SEQUENCE_NUMBER");
        if (positional && request.sequenceNumber() == null) {
            throw Errors.validation("Must provide a SequenceNumber for " + type + " ShardIteratorType");
        }
        if (!positional && request.sequenceNumber() != null) {
            throw Errors.validation("SequenceNumber may only be provided for AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER ShardIteratorType");
        }
        return Map.of("ShardIterator", streams.shardIterator(request.streamArn(), request.shardId(), type, request.sequenceNumber()));
    }
}
