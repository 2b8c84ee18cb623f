package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** Scan's request, decoded (API_Scan). Immutable; checked by the operation. */
public record ScanRequest(String tableName, Map<String, AttributeValue> exclusiveStartKey, Long segment, Long totalSegments,
                          ReadOptions options, ExpressionMembers expressions) {
    public static ScanRequest decode(JsonObject request) {
        String tableName = request.string("TableName");
        Map<String, AttributeValue> startKey = request.item("ExclusiveStartKey");
        Long segment = request.longValue("Segment");
        Long totalSegments = request.longValue("TotalSegments");
        return new ScanRequest(tableName, startKey, segment, totalSegments, ReadOptions.decode(request), ExpressionMembers.forScan(request));
    }
}
