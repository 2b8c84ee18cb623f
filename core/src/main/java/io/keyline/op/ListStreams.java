package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Streams;
import io.keyline.engine.api.StreamSummary;
import io.keyline.op.request.ListStreamsRequest;
import io.keyline.op.request.StreamShapes;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListStreams (DynamoDB Streams): the streams of the region by ARN, of one table if TableName is
 * given, a page of at most Limit (1-100, default 100) after ExclusiveStartStreamArn, with
 * LastEvaluatedStreamArn when more follow (docs/RULES.md#STREAM-API). A disabled stream is listed
 * while it is readable (24 hours). Stateless.
 */
public final class ListStreams implements StreamsOperation<ListStreamsRequest> {
    /** API_streams_ListStreams: Limit 1 to 100, 100 when not given. */
    public static final int MAX_LIMIT = 100;

    private final Streams streams;

    public ListStreams(Engine engine) { this.streams = engine.streams(); }

    @Override public String name() { return "ListStreams"; }

    @Override public void constraints(JsonObject request, Violations v) {
        StreamShapes.length(v, "tableName", request.string("TableName"), 3, 255);
        StreamShapes.range(v, "limit", request.longValue("Limit"), 1, MAX_LIMIT);
        StreamShapes.length(v, "exclusiveStartStreamArn", request.string("ExclusiveStartStreamArn"), StreamShapes.ARN_MIN,
                StreamShapes.ARN_MAX);
    }

    @Override public ListStreamsRequest decode(JsonObject request) {
        return new ListStreamsRequest(request.string("TableName"), request.intValue("Limit"), request.string("ExclusiveStartStreamArn"));
    }

    @Override public Object run(ListStreamsRequest request) {
        Streams.Page page = streams.list(request.tableName(), request.exclusiveStartStreamArn(), request.limit() == null ? MAX_LIMIT : request.limit());
        List<Object> list = new ArrayList<>();
        for (StreamSummary s : page.streams()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("StreamArn", s.streamArn());
            m.put("TableName", s.tableName());
            m.put("StreamLabel", s.streamLabel());
            list.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Streams", list);
        if (page.lastEvaluatedStreamArn() != null) out.put("LastEvaluatedStreamArn", page.lastEvaluatedStreamArn());
        return out;
    }
}
