package io.keyline.op.request;

import io.keyline.expr.LegacyAttributeUpdate;
import io.keyline.expr.LegacyCondition;
import io.keyline.model.AttributeValue;
import io.keyline.protocol.AttributeValueCodec;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes the legacy (pre-expression) map parameters into expr's records: Expected,
 * QueryFilter, ScanFilter and KeyConditions into {@link LegacyCondition}s, AttributeUpdates
 * into {@link LegacyAttributeUpdate}s. Only types and attribute values are checked here (a
 * member of the wrong JSON type is a SerializationException); expr validates the rest. A null
 * entry stays null. Stateless.
 */
public final class LegacyParameters {
    private LegacyParameters() {}

    /** The conditions of map parameter {@code field} of {@code request}, or null when absent. */
    public static Map<String, LegacyCondition> conditions(JsonObject request, String field) {
        JsonObject map = request.object(field);
        if (map == null) return null;
        Map<String, LegacyCondition> out = new LinkedHashMap<>();
        for (String name : map.raw().keySet()) {
            JsonObject c = map.object(name);
            out.put(name, c == null ? null : condition(c));
        }
        return out;
    }

    private static LegacyCondition condition(JsonObject c) {
        AttributeValue value = c.attributeValue("Value");
        Boolean exists = c.bool("Exists");
        String op = c.string("ComparisonOperator");
        List<AttributeValue> list = null;
        if (c.has("AttributeValueList")) {
            List<Object> raw = c.list("AttributeValueList");
            list = new ArrayList<>(raw.size());
            for (Object o : raw) list.add(AttributeValueCodec.decode(o));
        }
        return new LegacyCondition(value, exists, op, list);
    }

    /** The AttributeUpdates of {@code request}, or null when absent. */
    public static Map<String, LegacyAttributeUpdate> attributeUpdates(JsonObject request) {
        JsonObject map = request.object("AttributeUpdates");
        if (map == null) return null;
        Map<String, LegacyAttributeUpdate> out = new LinkedHashMap<>();
        for (String name : map.raw().keySet()) {
            JsonObject u = map.object(name);
            out.put(name, u == null ? null : new LegacyAttributeUpdate(u.string("Action"), u.attributeValue("Value")));
        }
        return out;
    }
}
