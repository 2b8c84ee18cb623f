package io.keyline.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.Binary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON as plain Java values: objects are {@code LinkedHashMap<String,Object>}, arrays
 * {@code ArrayList<Object>}, strings {@code String}, numbers {@code BigDecimal}, booleans
 * {@code Boolean}, JSON null {@code null}. Parsing is streaming (jackson-core) and nesting-limited;
 * writing also accepts {@link AttributeValue}, {@link Binary} and item maps directly, so
 * responses are never built as an intermediate tree of strings. Stateless and thread-safe.
 */
public final class Json {
    /**
     * DynamoDB nests documents at most 32 levels (each level is two JSON objects, {"M":{...}}),
     * and the item checks report deeper documents with DynamoDB's message; this bound only keeps
     * the parser's recursion safe.
     */
    private static final int MAX_DEPTH = 256;
    /** Attribute names may be up to 65535 bytes (test_limits); leave room to report longer ones. */
    private static final int MAX_NAME_LENGTH = 1 << 20;
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH).maxNameLength(MAX_NAME_LENGTH).build())
            .build();
    static final String NESTING_MESSAGE = "Nesting Levels have exceeded supported limits";

    private Json() {}

    public static Object parse(byte[] body) {
        if (!Utf8Check.wellFormed(body)) throw Errors.serialization(null);
        try (JsonParser p = FACTORY.createParser(body)) {
            return parseDocument(p);
        } catch (StreamConstraintsException e) {
            throw Errors.serialization(NESTING_MESSAGE);
        } catch (IOException e) {
            throw Errors.serialization(e instanceof JsonParseException ? "Start of structure or map found where not expected." : e.getMessage());
        }
    }

    public static Object parse(InputStream in) {
        try (JsonParser p = FACTORY.createParser(new Utf8Check(in))) {
            return parseDocument(p);
        } catch (StreamConstraintsException e) {
            throw Errors.serialization(NESTING_MESSAGE);
        } catch (Utf8Check.Malformed e) {
            throw Errors.serialization(null);
        } catch (IOException e) {
            throw Errors.serialization("Start of structure or map found where not expected.");
        }
    }

    private static Object parseDocument(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) throw Errors.serialization("Start of structure or map found where not expected.");
        Object v = read(p, t);
        if (p.nextToken() != null) throw Errors.serialization("Start of structure or map found where not expected.");
        return v;
    }

    private static Object read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                // Most objects in DynamoDB JSON are attribute values, {"S": "..."}: one member.
                // A map sized for one saves the 16-slot table a default map allocates.
                String first = wellFormed(p.nextFieldName());
                if (first == null) return new LinkedHashMap<String, Object>(2);
                Object firstValue = read(p, p.nextToken());
                String name = wellFormed(p.nextFieldName());
                Map<String, Object> m = name == null ? new LinkedHashMap<>(2) : new LinkedHashMap<>();
                m.put(first, firstValue);
                for (; name != null; name = wellFormed(p.nextFieldName())) {
                    m.put(name, read(p, p.nextToken()));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) l.add(read(p, e));
                return l;
            }
            case VALUE_STRING: return wellFormed(p.getText());
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT: return decimal(p);
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            default: throw Errors.serialization("Start of structure or map found where not expected.");
        }
    }

    /**
     * A JSON number as a BigDecimal. One whose exponent a BigDecimal cannot hold
     * ({@code 9e999999999999}) is a malformed request, not a server error: the request fuzzer of
     * the reliability module found it answered 500.
     */
    private static Object decimal(JsonParser p) throws IOException {
        try {
            return p.getDecimalValue();
        } catch (NumberFormatException e) {
            throw Errors.serialization(null);
        }
    }

    /**
     * A string escaped in JSON as a lone surrogate ("\\ud800") has no UTF-8 form: stored, it would
     * become "?" and collide with other keys (docs/RULES.md#WIRE-UTF8).
     */
    private static String wellFormed(String s) {
        if (s == null) return null;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (!Character.isSurrogate(c)) continue;
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            throw Errors.serialization(null);
        }
        return s;
    }

    public static byte[] write(Object value) {
        OutputBuffer out = OutputBuffer.acquire();
        try {
            try (JsonGenerator g = FACTORY.createGenerator(out)) {
                write(g, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        } finally {
            out.release();
        }
    }

    @SuppressWarnings("unchecked")
    public static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof BigDecimal d) {
            g.writeNumber(d);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Number n) {
            g.writeNumber(n.toString());
        } else if (v instanceof AttributeValue av) {
            AttributeValueCodec.write(g, av);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<String, ?> e : ((Map<String, ?>) m).entrySet()) {
                g.writeFieldName(e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Iterable<?> it) {
            g.writeStartArray();
            for (Object o : it) write(g, o);
            g.writeEndArray();
        } else if (v instanceof Binary b) {
            g.writeString(b.toBase64());
        } else {
            throw new IllegalArgumentException("not JSON-able: " + v.getClass());
        }
    }
}
