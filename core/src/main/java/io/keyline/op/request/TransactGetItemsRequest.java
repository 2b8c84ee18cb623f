package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TransactGetItems' request, decoded (API_TransactGetItems). Immutable; checked by the operation.
 *
 * @param transactItemsWire TransactItems as sent, null when absent: DynamoDB's constraint messages render it
 * @param gets              one entry per element, null where the element or its Get is absent
 */
public record TransactGetItemsRequest(List<Object> transactItemsWire, List<Get> gets, String returnConsumedCapacity) {

    /** One Get action (API_Get); the key keeps an invalid value for where it is checked. */
    public record Get(String tableName, boolean keyPresent, Deferred<Map<String, AttributeValue>> key, ExpressionMembers expressions) {}

    public static TransactGetItemsRequest decode(JsonObject request) {
        List<JsonObject> items = request.objects("TransactItems");
        String returnConsumedCapacity = request.string("ReturnConsumedCapacity");
        if (items == null) return new TransactGetItemsRequest(null, null, returnConsumedCapacity);
        List<Get> gets = new ArrayList<>(items.size());
        for (JsonObject item : items) {
            JsonObject get = item == null ? null : item.object("Get");
            if (get == null) {
                gets.add(null);
                continue;
            }
            String tableName = get.string("TableName");
            boolean keyPresent = get.object("Key") != null;
            gets.add(new Get(tableName, keyPresent, Deferred.decode(() -> get.item("Key")), ExpressionMembers.forGet(get)));
        }
        return new TransactGetItemsRequest(request.list("TransactItems"), gets, returnConsumedCapacity);
    }
}
