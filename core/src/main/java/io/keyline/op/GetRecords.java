package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Streams;
import io.keyline.engine.api.StreamChange;
import io.keyline.engine.api.StreamRecords;
import io.keyline.op.request.GetRecordsRequest;
import io.keyline.op.request.StreamShapes;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GetRecords (DynamoDB Streams): up to Limit records (1-1,000, default 1,000) and 1 MB from the
 * iterator's position, in DynamoDB's record shape (docs/RULES.md#STREAM-RECORD), and the
 * NextShardIterator to continue with, absent once a closed shard is read to its end. An iterator
 * older than 15 minutes is ExpiredIteratorException; one pointing at trimmed records,
 * TrimmedDataAccessException (docs/RULES.md#STREAM-API). Stateless.
 */
public final class GetRecords implements StreamsOperation<GetRecordsRequest> {
    /** API_streams_GetRecords: Limit 1 to 1,000, 1,000 when not given. */
    public static final int MAX_LIMIT = 1000;
    /** The record format's version: 1.1, as DynamoDB's records carry now. */
    static final String EVENT_VERSION = "1.1";

    private final Streams streams;

    public GetRecords(Engine engine) { this.streams = engine.streams(); }

    @Override public String name() { return "GetRecords"; }

    @Override public void constraints(JsonObject request, Violations v) {
        StreamShapes.required(v, "shardIterator", request.string("ShardIterator"));
        StreamShapes.length(v, "shardIterator", request.string("ShardIterator"), 1, StreamShapes.ITERATOR_MAX);
        StreamShapes.range(v, "limit", request.longValue("Limit"), 1, MAX_LIMIT);
    }

    @Override public GetRecordsRequest decode(JsonObject request) {
        return new GetRecordsRequest(request.string("ShardIterator"), request.intValue("Limit"));
    }

    @Override public Object run(GetRecordsRequest request) {
        StreamRecords page = streams.records(request.shardIterator(), request.limit() == null ? MAX_LIMIT : request.limit());
        List<Object> records = new ArrayList<>(page.records().size());
        for (StreamChange c : page.records()) records.add(record(c, streams.region()));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Records", records);
        if (page.nextShardIterator() != null) out.put("NextShardIterator", page.nextShardIterator());
        return out;
    }

    static Map<String, Object> record(StreamChange c, String region) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("eventID", c.eventId());
        r.put("eventName", c.eventName());
        r.put("eventVersion", EVENT_VERSION);
        r.put("eventSource", "aws:dynamodb");
        r.put("awsRegion", region);
        Map<String, Object> d = new LinkedHashMap<>();
        // rounded down to the second, as DynamoDB's records have it
        d.put("ApproximateCreationDateTime", c.approximateCreation().getEpochSecond());
        d.put("Keys", c.keys());
        if (c.newImage() != null) d.put("NewImage", c.newImage());
        if (c.oldImage() != null) d.put("OldImage", c.oldImage());
        d.put("SequenceNumber", c.sequenceNumber());
        d.put("SizeBytes", c.sizeBytes());
        d.put("StreamViewType", c.viewType());
        r.put("dynamodb", d);
        if (c.service()) {
            Map<String, Object> identity = new LinkedHashMap<>();
            identity.put("Type", "Service");
            identity.put("PrincipalId", "dynamodb.amazonaws.com");
            r.put("userIdentity", identity);
        }
        return r;
    }
}
