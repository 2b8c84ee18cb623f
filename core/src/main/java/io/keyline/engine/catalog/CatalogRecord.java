package io.keyline.engine.catalog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.keyline.error.InternalFailure;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One JSON object of a stored catalog record, as read back: its members are checked for their
 * type when the codec takes them, and anything that does not fit (bad JSON, a missing member, a
 * member of the wrong type, an unknown enum name, a bad instant) fails with an
 * {@link InternalFailure} saying which member of which object. Format 1 holds objects, arrays,
 * strings, integers, booleans and nulls only. Immutable once parsed; not shared between threads.
 */
final class CatalogRecord {
    static final String DECODING = "decoding a catalog record";
    /** A format-1 record nests 5 levels (record, index, throughput); anything deeper is not one. */
    private static final int MAX_DEPTH = 8;
    private static final JsonFactory FACTORY = new JsonFactory();

    private final String path;
    private final Map<String, Object> members;

    private CatalogRecord(String path, Map<String, Object> members) {
        this.path = path;
        this.members = members;
    }

    /** Parses a whole record; it must be one JSON object and nothing after it. */
    static CatalogRecord parse(byte[] bytes) {
        try (JsonParser p = FACTORY.createParser(bytes)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw malformed("the record is not a JSON object");
            CatalogRecord record = new CatalogRecord("record", readMembers(p, "record", 1));
            if (p.nextToken() != null) throw malformed("bytes after the record's object");
            return record;
        } catch (IOException e) {
            throw new InternalFailure(DECODING, "not JSON: " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> readMembers(JsonParser p, String path, int depth) throws IOException {
        if (depth > MAX_DEPTH) throw malformed(path + " nests deeper than " + MAX_DEPTH + " levels");
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            if (out.containsKey(name)) throw malformed(path + "." + name + " appears twice");
            out.put(name, readValue(p, p.nextToken(), path + "." + name, depth));
        }
        return out;
    }

    private static Object readValue(JsonParser p, JsonToken token, String path, int depth) throws IOException {
        switch (token) {
            case START_OBJECT: return new CatalogRecord(path, readMembers(p, path, depth + 1));
            case START_ARRAY: {
                List<Object> elements = new ArrayList<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    elements.add(readValue(p, t, path + "[" + elements.size() + "]", depth + 1));
                }
                return elements;
            }
            case VALUE_STRING: return p.getText();
            case VALUE_NUMBER_INT: return p.getLongValue();
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            default: throw malformed(path + " is " + token + ", which format 1 does not use");
        }
    }

    static InternalFailure malformed(String problem) {
        return new InternalFailure(DECODING, problem);
    }

    /** Whether the member is present with a value other than null. */
    boolean has(String name) { return members.get(name) != null; }

    String string(String name) { return required(name, String.class, "a string"); }

    String optionalString(String name) { return optional(name, String.class, "a string"); }

    long longValue(String name) { return required(name, Long.class, "an integer"); }

    Long optionalLong(String name) { return optional(name, Long.class, "an integer"); }

    int intValue(String name) {
        long v = longValue(name);
        if (v != (int) v) throw malformed(path + "." + name + " is out of range: " + v);
        return (int) v;
    }

    boolean bool(String name) { return required(name, Boolean.class, "a boolean"); }

    CatalogRecord object(String name) { return required(name, CatalogRecord.class, "an object"); }

    CatalogRecord optionalObject(String name) { return optional(name, CatalogRecord.class, "an object"); }

    Instant instant(String name) { return toInstant(name, string(name)); }

    Instant optionalInstant(String name) { return toInstant(name, optionalString(name)); }

    <E extends Enum<E>> E enumValue(String name, Class<E> type) { return toEnum(name, type, string(name)); }

    <E extends Enum<E>> E optionalEnum(String name, Class<E> type) { return toEnum(name, type, optionalString(name)); }

    /** An array member whose elements are all of one type. */
    <T> List<T> list(String name, Class<T> elementType) {
        List<?> raw = required(name, List.class, "an array");
        List<T> out = new ArrayList<>(raw.size());
        for (Object e : raw) {
            if (!elementType.isInstance(e)) throw malformed(path + "." + name + " holds " + describe(e));
            out.add(elementType.cast(e));
        }
        return out;
    }

    /** Each element of an array member of strings, as an instant. */
    List<Instant> instants(String name) {
        List<Instant> out = new ArrayList<>();
        for (String s : list(name, String.class)) out.add(toInstant(name, s));
        return out;
    }

    /** The names of this object's members, in their stored order. */
    Set<String> names() { return members.keySet(); }

    /** The members of an object member, each a string. */
    Map<String, String> stringMap(String name) {
        CatalogRecord o = object(name);
        Map<String, String> out = new LinkedHashMap<>();
        for (String member : o.members.keySet()) out.put(member, o.string(member));
        return out;
    }

    private <T> T required(String name, Class<T> type, String what) {
        T v = optional(name, type, what);
        if (v == null) throw malformed(path + "." + name + " is missing");
        return v;
    }

    private <T> T optional(String name, Class<T> type, String what) {
        Object v = members.get(name);
        if (v == null || type.isInstance(v)) return type.cast(v);
        throw malformed(path + "." + name + " is not " + what + " but " + describe(v));
    }

    private Instant toInstant(String name, String text) {
        if (text == null) return null;
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InternalFailure(DECODING, path + "." + name + " is not an instant: " + text, e);
        }
    }

    private <E extends Enum<E>> E toEnum(String name, Class<E> type, String text) {
        if (text == null) return null;
        try {
            return Enum.valueOf(type, text);
        } catch (IllegalArgumentException e) {
            throw malformed(path + "." + name + " is not a " + type.getSimpleName() + ": " + text);
        }
    }

    private static String describe(Object v) {
        return v == null ? "null" : v instanceof CatalogRecord ? "an object" : v instanceof List ? "an array" : v.getClass().getSimpleName() + " " + v;
    }
}
