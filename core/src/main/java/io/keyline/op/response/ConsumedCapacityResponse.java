package io.keyline.op.response;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.op.request.ReturnConsumedCapacity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's {@code ConsumedCapacity} response field (API_ConsumedCapacity), rendered from the
 * capacity model's {@link ConsumedCapacity} at the level the request asked for: TOTAL gives the
 * table name and units; INDEXES adds the table's own units and each index's (observed: without
 * indexes, Table repeats the total; a Query on an index has no Table entry). The shape:
 * docs/RULES.md#CAP-CONSUMED-SHAPE. Stateless.
 */
public final class ConsumedCapacityResponse {
    /**
     * Inferred (docs/RULES.md#CAP-CONSUMED-SHAPE): whether ReadCapacityUnits / WriteCapacityUnits
     * appear beside CapacityUnits (the API reference lists them; whether the service fills them for
     * every operation is unverified).
     */
    static final boolean RENDER_READ_WRITE_UNITS = true;

    private ConsumedCapacityResponse() {}

    /** Adds the ConsumedCapacity field for a single-table operation (nothing for NONE or no measurement). */
    public static void add(Map<String, Object> response, ReturnConsumedCapacity level, ConsumedCapacity consumed) {
        if (level == ReturnConsumedCapacity.NONE || consumed == null) return;
        response.put("ConsumedCapacity", render(consumed, level));
    }

    /** Adds the ConsumedCapacity list of a batch or transaction: one entry per table, in request order. */
    public static void addList(Map<String, Object> response, ReturnConsumedCapacity level, List<ConsumedCapacity> perTable) {
        if (level == ReturnConsumedCapacity.NONE) return;
        response.put("ConsumedCapacity", renderList(perTable, level));
    }

    /** DynamoDB's JSON shape for this level, or null for NONE. Numbers are Doubles. */
    public static Map<String, Object> render(ConsumedCapacity consumed, ReturnConsumedCapacity level) {
        if (level == ReturnConsumedCapacity.NONE) return null;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("TableName", consumed.tableName());
        out.put("CapacityUnits", consumed.units());
        double r = consumed.readUnits(), w = consumed.writeUnits();
        if (RENDER_READ_WRITE_UNITS && r != 0) out.put("ReadCapacityUnits", r);
        if (RENDER_READ_WRITE_UNITS && w != 0) out.put("WriteCapacityUnits", w);
        if (level == ReturnConsumedCapacity.INDEXES) {
            if (consumed.table() != null) out.put("Table", units(consumed.table()));
            Map<String, ConsumedCapacity.Capacity> lsi = consumed.localSecondaryIndexes();
            if (!lsi.isEmpty()) out.put("LocalSecondaryIndexes", byIndex(lsi));
            Map<String, ConsumedCapacity.Capacity> gsi = consumed.globalSecondaryIndexes();
            if (!gsi.isEmpty()) out.put("GlobalSecondaryIndexes", byIndex(gsi));
        }
        return out;
    }

    /** The list form of batch and transaction operations, or null for NONE. */
    public static List<Object> renderList(List<ConsumedCapacity> perTable, ReturnConsumedCapacity level) {
        if (level == ReturnConsumedCapacity.NONE) return null;
        return perTable.stream().map(c -> (Object) render(c, level)).toList();
    }

    private static Map<String, Object> byIndex(Map<String, ConsumedCapacity.Capacity> units) {
        Map<String, Object> out = new LinkedHashMap<>();
        units.forEach((name, c) -> out.put(name, units(c)));
        return out;
    }

    private static Map<String, Object> units(ConsumedCapacity.Capacity c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("CapacityUnits", c.read() + c.write());
        if (RENDER_READ_WRITE_UNITS && c.read() != 0) out.put("ReadCapacityUnits", c.read());
        if (RENDER_READ_WRITE_UNITS && c.write() != 0) out.put("WriteCapacityUnits", c.write());
        return out;
    }
}
