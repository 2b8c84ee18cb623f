package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** DeleteItem's request, decoded (API_DeleteItem). Immutable; checked by the operation. */
public record DeleteItemRequest(Map<String, AttributeValue> key, WriteOptions options, ExpressionMembers expressions) {
    public static DeleteItemRequest decode(JsonObject request) {
        return new DeleteItemRequest(request.item("Key"), WriteOptions.decode(request), ExpressionMembers.forWrite(request));
    }
}
