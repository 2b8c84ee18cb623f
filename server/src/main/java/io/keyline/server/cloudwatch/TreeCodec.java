package io.keyline.server.cloudwatch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes the request and response trees in Smithy RPC v2 CBOR and AWS JSON 1.0, both
 * through Jackson's streaming API (jackson-dataformat-cbor's parser and generator are Jackson
 * parsers and generators, so one walk serves both). Trees are maps (member order kept), lists,
 * strings, numbers, booleans and {@link Instant}s. Timestamps are written as epoch seconds, in
 * CBOR under tag 1 as RPC v2 CBOR requires; on input a timestamp is a number and
 * {@link Params#timestamp} reads it. Thread-safe: the factories are.
 */
final class TreeCodec {
    private static final JsonFactory JSON = new JsonFactory();
    private static final CBORFactory CBOR = new CBORFactory();
    /** RFC 8949's tag for epoch-based date/time. */
    private static final int EPOCH_TAG = 1;

    private TreeCodec() {}

    /** The body as a tree; an empty body is an empty structure. */
    static Map<String, Object> read(byte[] body, boolean cbor) {
        if (body.length == 0) return new LinkedHashMap<>();
        try (JsonParser p = cbor ? CBOR.createParser(body) : JSON.createParser(body)) {
            JsonToken first = p.nextToken();
            if (first != JsonToken.START_OBJECT) throw CloudWatchError.malformed();
            @SuppressWarnings("unchecked")
            Map<String, Object> tree = (Map<String, Object>) value(p, first);
            return tree;
        } catch (IOException e) {
            throw CloudWatchError.malformed();
        }
    }

    static byte[] write(Map<String, Object> tree, boolean cbor) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = cbor ? CBOR.createGenerator(out) : JSON.createGenerator(out)) {
            write(g, tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static Object value(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    if (k != JsonToken.FIELD_NAME) throw CloudWatchError.malformed();
                    String name = p.currentName();
                    m.put(name, value(p, p.nextToken()));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) l.add(value(p, e));
                return l;
            }
            case VALUE_STRING: return p.getText();
            case VALUE_NUMBER_INT: return p.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT: return p.getDecimalValue();
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            default: throw CloudWatchError.malformed(); // binary and the rest: no CloudWatch read operation takes them
        }
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v instanceof QueryXml.XmlMap x) v = x.entries();
        if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getValue() == null) continue;
                g.writeFieldName((String) e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (Object o : l) write(g, o);
            g.writeEndArray();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Instant i) {
            if (g instanceof CBORGenerator c) c.writeTag(EPOCH_TAG);
            g.writeNumber(BigDecimal.valueOf(i.toEpochMilli()).movePointLeft(3).doubleValue());
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Integer n) {
            g.writeNumber(n);
        } else if (v instanceof Long n) {
            g.writeNumber(n);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else {
            throw new IllegalArgumentException("not a tree value: " + v);
        }
    }
}
