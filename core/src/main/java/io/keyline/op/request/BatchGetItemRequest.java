package io.keyline.op.request;

import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * BatchGetItem's request, decoded (API_BatchGetItem). Immutable; checked by the operation.
 *
 * @param requestItems     table name → its part (null where the part was JSON null), null when absent
 * @param requestItemsWire RequestItems as sent: DynamoDB's constraint messages render it
 */
public record BatchGetItemRequest(Map<String, KeysAndAttributes> requestItems, Map<String, Object> requestItemsWire,
                                  String returnConsumedCapacity) {
    public static BatchGetItemRequest decode(JsonObject request) {
        JsonObject wire = request.object("RequestItems");
        String returnConsumedCapacity = request.string("ReturnConsumedCapacity");
        if (wire == null) return new BatchGetItemRequest(null, null, returnConsumedCapacity);
        Map<String, KeysAndAttributes> parts = new LinkedHashMap<>();
        for (String name : wire.raw().keySet()) {
            JsonObject part = wire.object(name);
            parts.put(name, part == null ? null : KeysAndAttributes.decode(part));
        }
        return new BatchGetItemRequest(parts, wire.raw(), returnConsumedCapacity);
    }
}
