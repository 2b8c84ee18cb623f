package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** UpdateItem's request, decoded (API_UpdateItem). Immutable; checked by the operation. */
public record UpdateItemRequest(Map<String, AttributeValue> key, WriteOptions options, ExpressionMembers expressions) {
    public static UpdateItemRequest decode(JsonObject request) {
        return new UpdateItemRequest(request.item("Key"), WriteOptions.decode(request), ExpressionMembers.forUpdate(request));
    }
}
