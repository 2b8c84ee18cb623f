package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** Query's request, decoded (API_Query). Immutable; checked by the operation. */
public record QueryRequest(String tableName, Map<String, AttributeValue> exclusiveStartKey, Boolean scanIndexForward,
                           ReadOptions options, ExpressionMembers expressions) {
    public static QueryRequest decode(JsonObject request) {
        String tableName = request.string("TableName");
        Map<String, AttributeValue> startKey = request.item("ExclusiveStartKey");
        Boolean forward = request.bool("ScanIndexForward");
        return new QueryRequest(tableName, startKey, forward, ReadOptions.decode(request), ExpressionMembers.forQuery(request));
    }
}
