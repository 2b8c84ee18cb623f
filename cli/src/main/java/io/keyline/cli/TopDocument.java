package io.keyline.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON object of the server's {@code GET /admin/top} document, read as plain maps, lists,
 * strings and numbers, with typed accessors for {@link TopView}. The command line sits above the
 * protocol layer, so it parses with Jackson's streaming parser itself. Immutable once parsed.
 */
final class TopDocument {
    private static final JsonFactory JSON = new JsonFactory();

    private final Map<String, Object> fields;

    TopDocument(Map<String, Object> fields) { this.fields = fields; }

    /** Parses a JSON object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parse(byte[] json) {
        try (JsonParser p = JSON.createParser(json)) {
            Object value = read(p, p.nextToken());
            if (!(value instanceof Map)) throw new IllegalArgumentException("not a JSON object");
            return (Map<String, Object>) value;
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + e.getMessage(), e);
        }
    }

    private static Object read(JsonParser p, JsonToken token) throws IOException {
        if (token == null) throw new IOException("unexpected end of input");
        switch (token) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                    String name = p.currentName();
                    map.put(name, read(p, p.nextToken()));
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) list.add(read(p, t));
                return list;
            }
            case VALUE_STRING: return p.getText();
            case VALUE_NUMBER_INT: return p.getLongValue();
            case VALUE_NUMBER_FLOAT: return p.getDoubleValue();
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            default: throw new IOException("unexpected " + token);
        }
    }

    Map<String, Object> raw() { return fields; }

    String string(String name) { return (String) fields.get(name); }

    /** A number; an absent one reads 0, so an older server's document still renders. */
    Number number(String name) {
        Object v = fields.get(name);
        return v instanceof Number n ? n : 0;
    }

    /** A nested object, or null. */
    @SuppressWarnings("unchecked")
    TopDocument doc(String name) {
        Object v = fields.get(name);
        return v instanceof Map ? new TopDocument((Map<String, Object>) v) : null;
    }

    /** A list of objects, empty if absent. */
    @SuppressWarnings("unchecked")
    List<TopDocument> docs(String name) {
        List<TopDocument> out = new ArrayList<>();
        if (fields.get(name) instanceof List<?> list) {
            for (Object o : list) if (o instanceof Map) out.add(new TopDocument((Map<String, Object>) o));
        }
        return out;
    }
}
