package io.keyline.simulator.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import io.keyline.protocol.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Request members from the YAML tree in the form {@link JsonObject} reads: maps, lists, strings,
 * {@link BigDecimal} numbers and booleans, as the server's JSON parser makes them. Stateless.
 */
final class PlainJson {
    private PlainJson() {}

    static Object of(JsonNode node) {
        if (node == null || node.isNull()) return null;
        if (node.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            node.fields().forEachRemaining(e -> m.put(e.getKey(), of(e.getValue())));
            return m;
        }
        if (node.isArray()) {
            List<Object> l = new ArrayList<>(node.size());
            for (JsonNode n : node) l.add(of(n));
            return l;
        }
        if (node.isNumber()) return node.decimalValue();
        if (node.isBoolean()) return node.booleanValue();
        return node.asText();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(JsonNode node) {
        return node == null ? new LinkedHashMap<>() : (Map<String, Object>) of(node);
    }

    /** A deep copy, so that a handler that normalises its request in place cannot change the original. */
    static JsonObject copy(JsonObject o) {
        return new JsonObject(deepCopy(o.raw()));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> deepCopy(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>(m.size() * 2);
        for (Map.Entry<String, Object> e : m.entrySet()) out.put(e.getKey(), copyValue(e.getValue()));
        return out;
    }

    @SuppressWarnings("unchecked")
    static Object copyValue(Object v) {
        if (v instanceof Map<?, ?> m) return deepCopy((Map<String, Object>) m);
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object o : l) out.add(copyValue(o));
            return out;
        }
        return v;
    }
}
