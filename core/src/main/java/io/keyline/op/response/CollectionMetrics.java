package io.keyline.op.response;

import io.keyline.engine.Engine;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * ReturnItemCollectionMetrics=SIZE: the written item's collection key and size estimate, given
 * only for tables with LSIs, where item collections are bounded (B.6). Stateless.
 */
public final class CollectionMetrics {
    private CollectionMetrics() {}

    public static boolean requested(JsonObject request) { return "SIZE".equals(request.string("ReturnItemCollectionMetrics")); }

    /** Adds ItemCollectionMetrics to {@code response} if the request asks for it and the table has LSIs. */
    public static void addTo(Map<String, Object> response, Engine engine, JsonObject request, TableMetadata table, PrimaryKey key) {
        if (!requested(request) || table.localIndexes().isEmpty()) return;
        response.put("ItemCollectionMetrics", engine.indexes().collections().metrics(table, key.partition()));
    }
}
