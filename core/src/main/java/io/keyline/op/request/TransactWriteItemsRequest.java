package io.keyline.op.request;

import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TransactWriteItems' request, decoded (API_TransactWriteItems). Immutable; checked by the operation.
 *
 * @param transactItemsWire TransactItems as sent, null when absent: DynamoDB's constraint messages render it
 * @param actions           one per element, null when TransactItems is absent
 * @param wire              the whole request as sent: a ClientRequestToken's fingerprint
 */
public record TransactWriteItemsRequest(List<Object> transactItemsWire, List<TransactWriteAction> actions, String clientRequestToken,
                                        String returnConsumedCapacity, String returnItemCollectionMetrics, Map<String, Object> wire) {
    public static TransactWriteItemsRequest decode(JsonObject request) {
        List<JsonObject> items = request.objects("TransactItems");
        String token = request.string("ClientRequestToken");
        String rcc = request.string("ReturnConsumedCapacity");
        String ricm = request.string("ReturnItemCollectionMetrics");
        List<TransactWriteAction> actions = null;
        if (items != null) {
            actions = new ArrayList<>(items.size());
            for (JsonObject item : items) actions.add(TransactWriteAction.decode(item));
        }
        return new TransactWriteItemsRequest(request.list("TransactItems"), actions, token, rcc, ricm, request.raw());
    }
}
