package io.keyline.op.request;

import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchWriteItem's request, decoded (API_BatchWriteItem). Immutable; checked by the operation.
 *
 * @param requestItems     table name → its writes (null where an element was JSON null; an
 *                         empty list where the table's list was), null when absent
 * @param requestItemsWire RequestItems as sent: DynamoDB's constraint messages render it
 */
public record BatchWriteItemRequest(Map<String, List<BatchWrite>> requestItems, Map<String, Object> requestItemsWire,
                                    String returnConsumedCapacity, String returnItemCollectionMetrics) {
    public static BatchWriteItemRequest decode(JsonObject request) {
        JsonObject wire = request.object("RequestItems");
        String rcc = request.string("ReturnConsumedCapacity");
        String ricm = request.string("ReturnItemCollectionMetrics");
        if (wire == null) return new BatchWriteItemRequest(null, null, rcc, ricm);
        Map<String, List<BatchWrite>> tables = new LinkedHashMap<>();
        for (String name : wire.raw().keySet()) {
            List<JsonObject> elements = wire.objects(name);
            List<BatchWrite> writes = new ArrayList<>(elements == null ? 0 : elements.size());
            if (elements != null) for (JsonObject w : elements) writes.add(w == null ? null : BatchWrite.decode(w));
            tables.put(name, writes);
        }
        return new BatchWriteItemRequest(tables, wire.raw(), rcc, ricm);
    }
}
