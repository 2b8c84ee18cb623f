package io.keyline.op.response;

import io.keyline.engine.Engine;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.ReturnItemCollectionMetrics;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ReturnItemCollectionMetrics=SIZE: the written item's collection key and a 1 GB-wide size
 * estimate (API_ItemCollectionMetrics), given only for tables with LSIs, where item collections
 * are bounded (docs/RULES.md#LSI-ITEM-COLLECTION). Stateless.
 */
public final class ItemCollectionMetricsResponse {
    private static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;

    private ItemCollectionMetricsResponse() {}

    /** Adds ItemCollectionMetrics to a single-item write's response if asked for and the table has LSIs. */
    public static void add(Map<String, Object> response, Engine engine, ReturnItemCollectionMetrics requested,
                           TableMetadata table, PrimaryKey key) {
        if (requested != ReturnItemCollectionMetrics.SIZE || table.localIndexes().isEmpty()) return;
        response.put("ItemCollectionMetrics", render(table, key.partition(), engine.itemCollectionSize(table, key.partition())));
    }

    /** One collection's metrics: its partition key and the whole gigabytes around its size. */
    public static Map<String, Object> render(TableMetadata table, AttributeValue partitionKey, long bytes) {
        double lower = Math.floor(bytes / BYTES_PER_GB);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ItemCollectionKey", Map.of(table.keySchema().partitionKey().name(), partitionKey));
        m.put("SizeEstimateRangeGB", List.of(BigDecimal.valueOf(lower), BigDecimal.valueOf(lower + 1)));
        return m;
    }

    /**
     * The map form of BatchWriteItem and TransactWriteItems: per table, the metrics of each
     * written item of a table with LSIs. Null when none qualifies (the field is then absent).
     */
    public static Map<String, List<Object>> byTable(Engine engine, List<TableMetadata> tables, List<PrimaryKey> keys) {
        Map<String, List<Object>> out = new LinkedHashMap<>();
        for (int i = 0; i < tables.size(); i++) {
            TableMetadata table = tables.get(i);
            if (table.localIndexes().isEmpty()) continue;
            AttributeValue partition = keys.get(i).partition();
            out.computeIfAbsent(table.name(), n -> new java.util.ArrayList<>())
                    .add(render(table, partition, engine.itemCollectionSize(table, partition)));
        }
        return out.isEmpty() ? null : out;
    }
}
