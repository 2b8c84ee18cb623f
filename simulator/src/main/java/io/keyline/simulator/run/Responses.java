package io.keyline.simulator.run;

import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what the simulated client needs from an operation's response (the JSON-able map the
 * operations return) and builds the follow-up request of a paged read or a batch with
 * unprocessed parts. Stateless.
 */
final class Responses {
    private Responses() {}

    /** Read operations: their units are read units, every other operation's are write units. */
    static boolean isRead(String operation) {
        return switch (operation) {
            case "GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems" -> true;
            default -> false;
        };
    }

    /** The units of ConsumedCapacity (one entry, or a list for batches and transactions), 0 if absent. */
    static double units(Object response) {
        if (!(response instanceof Map<?, ?> m)) return 0;
        Object cc = m.get("ConsumedCapacity");
        if (cc instanceof Map<?, ?> one) return number(one.get("CapacityUnits"));
        double sum = 0;
        if (cc instanceof Collection<?> many) for (Object o : many) if (o instanceof Map<?, ?> e) sum += number(e.get("CapacityUnits"));
        return sum;
    }

    /** Items returned: Count of a Query or Scan, 1 for a GetItem that found its item, the items of a BatchGetItem or TransactGetItems. */
    static long itemsReturned(Object response) {
        if (!(response instanceof Map<?, ?> m)) return 0;
        if (m.containsKey("Count")) return (long) number(m.get("Count"));
        if (m.containsKey("Item")) return m.get("Item") != null ? 1 : 0;
        Object r = m.get("Responses");
        long n = 0;
        if (r instanceof Map<?, ?> byTable) for (Object items : byTable.values()) if (items instanceof Collection<?> c) n += c.size();
        if (r instanceof Collection<?> c) for (Object o : c) if (o instanceof Map<?, ?> e && e.get("Item") != null) n++;
        return n;
    }

    static long scanned(Object response) {
        return response instanceof Map<?, ?> m && m.containsKey("ScannedCount") ? (long) number(m.get("ScannedCount")) : 0;
    }

    /** Whether the response is a page of a Query or Scan. */
    static boolean isPage(Object response) { return response instanceof Map<?, ?> m && m.containsKey("ScannedCount"); }

    /** The next page's request, or null when this was the last page. */
    static JsonObject nextPage(JsonObject request, Object response) {
        if (!(response instanceof Map<?, ?> m) || m.get("LastEvaluatedKey") == null) return null;
        return with(request, "ExclusiveStartKey", wire(m.get("LastEvaluatedKey")));
    }

    /** The request that resends a batch's unprocessed items or keys, or null when it all went through. */
    static JsonObject unprocessed(JsonObject request, Object response) {
        if (!(response instanceof Map<?, ?> m)) return null;
        for (String field : List.of("UnprocessedItems", "UnprocessedKeys")) {
            if (m.get(field) instanceof Map<?, ?> left && !left.isEmpty()) return with(request, "RequestItems", wire(left));
        }
        return null;
    }

    /** The request with ReturnConsumedCapacity TOTAL (when it asked for none), so the client can count units. */
    static JsonObject countingUnits(JsonObject request) {
        Object level = request.get("ReturnConsumedCapacity");
        if (level != null && !"NONE".equals(level)) return request;
        return with(request, "ReturnConsumedCapacity", "TOTAL");
    }

    private static JsonObject with(JsonObject request, String field, Object value) {
        Map<String, Object> next = new LinkedHashMap<>(request.raw());
        next.put(field, value);
        return new JsonObject(next);
    }

    /** A response value (attribute values as model objects) in its wire form, as a client sends it back. */
    private static Object wire(Object value) { return Json.parse(Json.write(value)); }

    private static double number(Object o) { return o instanceof Number n ? n.doubleValue() : 0; }
}
