package io.keyline.protocol;

import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed, read-only access to one JSON object of a request. A field of the wrong JSON type is a
 * SerializationException, as DynamoDB's front end reports it before any validation; a missing
 * field (or JSON null) reads as null. Not thread-safe beyond the immutability of its map.
 */
public final class JsonObject {
    private final Map<String, Object> fields;

    public JsonObject(Map<String, Object> fields) { this.fields = fields; }

    @SuppressWarnings("unchecked")
    public static JsonObject of(Object parsed) {
        if (parsed instanceof Map<?, ?> m) return new JsonObject((Map<String, Object>) m);
        throw Errors.serialization("Start of list found where not expected");
    }

    public Map<String, Object> raw() { return fields; }

    public boolean has(String name) { return fields.get(name) != null; }

    public Object get(String name) { return fields.get(name); }

    public String string(String name) {
        Object v = fields.get(name);
        if (v == null || v instanceof String) return (String) v;
        throw wrongType(v, "String");
    }

    public Boolean bool(String name) {
        Object v = fields.get(name);
        if (v == null || v instanceof Boolean) return (Boolean) v;
        throw wrongType(v, "Boolean");
    }

    public BigDecimal number(String name) {
        Object v = fields.get(name);
        if (v == null || v instanceof BigDecimal) return (BigDecimal) v;
        throw wrongType(v, "Number");
    }

    /** An integer field such as Limit; out-of-range values are the caller's validation. */
    public Long longValue(String name) {
        BigDecimal d = number(name);
        if (d == null) return null;
        try {
            return d.longValueExact();
        } catch (ArithmeticException e) {
            throw Errors.serialization("NUMBER_VALUE cannot be converted to Long");
        }
    }

    public Integer intValue(String name) {
        Long l = longValue(name);
        if (l == null) return null;
        if (l > Integer.MAX_VALUE || l < Integer.MIN_VALUE) throw Errors.serialization("NUMBER_VALUE cannot be converted to Integer");
        return l.intValue();
    }

    @SuppressWarnings("unchecked")
    public JsonObject object(String name) {
        Object v = fields.get(name);
        if (v == null) return null;
        if (v instanceof Map<?, ?> m) return new JsonObject((Map<String, Object>) m);
        throw wrongType(v, "Structure");
    }

    @SuppressWarnings("unchecked")
    public List<Object> list(String name) {
        Object v = fields.get(name);
        if (v == null) return null;
        if (v instanceof List<?> l) return (List<Object>) l;
        throw wrongType(v, "List");
    }

    /** A list whose elements must be objects. */
    public List<JsonObject> objects(String name) {
        List<Object> l = list(name);
        if (l == null) return null;
        List<JsonObject> out = new ArrayList<>(l.size());
        for (Object o : l) {
            if (o == null) { out.add(null); continue; }
            if (!(o instanceof Map)) throw wrongType(o, "Structure");
            out.add(JsonObject.of(o));
        }
        return out;
    }

    /** A list whose elements must be strings. */
    public List<String> strings(String name) {
        List<Object> l = list(name);
        if (l == null) return null;
        List<String> out = new ArrayList<>(l.size());
        for (Object o : l) {
            if (o != null && !(o instanceof String)) throw wrongType(o, "String");
            out.add((String) o);
        }
        return out;
    }

    /** A map from string to string, such as ExpressionAttributeNames. */
    public Map<String, String> stringMap(String name) {
        JsonObject o = object(name);
        if (o == null) return null;
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : o.fields.entrySet()) {
            Object v = e.getValue();
            if (v != null && !(v instanceof String)) throw wrongType(v, "String");
            out.put(e.getKey(), (String) v);
        }
        return out;
    }

    /** A map of attribute values, such as Item, Key or ExpressionAttributeValues. */
    public Map<String, AttributeValue> item(String name) {
        JsonObject o = object(name);
        return o == null ? null : AttributeValueCodec.decodeItem(o.fields);
    }

    /** A single attribute value field. */
    public AttributeValue attributeValue(String name) {
        Object v = fields.get(name);
        return v == null ? null : AttributeValueCodec.decode(v);
    }

    static RuntimeException wrongType(Object actual, String expected) {
        String kind;
        if (actual instanceof String) kind = "STRING_VALUE";
        else if (actual instanceof BigDecimal) kind = "NUMBER_VALUE";
        else if (actual instanceof Boolean) kind = "BOOLEAN_VALUE";
        else if (actual instanceof List) kind = "Start of list";
        else kind = "Start of structure or map";
        if (kind.startsWith("Start")) return Errors.serialization(kind + " found where not expected");
        return Errors.serialization(kind + " cannot be converted to " + expected);
    }
}
