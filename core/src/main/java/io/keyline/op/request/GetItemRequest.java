package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** GetItem's request, decoded (API_GetItem). Immutable; checked by the operation. */
public record GetItemRequest(String tableName, Map<String, AttributeValue> key, Boolean consistentRead,
                             String returnConsumedCapacity, ExpressionMembers expressions) {
    public static GetItemRequest decode(JsonObject request) {
        String tableName = request.string("TableName");
        Map<String, AttributeValue> key = request.item("Key");
        Boolean consistentRead = request.bool("ConsistentRead");
        return new GetItemRequest(tableName, key, consistentRead, request.string("ReturnConsumedCapacity"),
                ExpressionMembers.forGet(request));
    }
}
