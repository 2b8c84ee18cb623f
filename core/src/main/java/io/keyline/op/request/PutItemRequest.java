package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** PutItem's request, decoded (API_PutItem). Immutable; checked by the operation. */
public record PutItemRequest(Map<String, AttributeValue> item, WriteOptions options, ExpressionMembers expressions) {
    public static PutItemRequest decode(JsonObject request) {
        return new PutItemRequest(request.item("Item"), WriteOptions.decode(request), ExpressionMembers.forWrite(request));
    }
}
