package io.keyline.simulator.render;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code --json}: the outcome as one JSON document. Field names are the records' component names
 * (so a field is named once, in Java, and docs/SIMULATOR.md lists them); the golden file
 * {@code render/json-fields.txt} of the tests pins every field path, so a rename fails the build
 * instead of breaking a reader. Top level: {@code format}, {@code scenario}, {@code seed},
 * {@code simulatedSeconds}, {@code region}, {@code sampling}, {@code findings}, {@code cost},
 * {@code tables}, {@code patterns}. A number that is not finite is written as null. Stateless.
 */
public final class JsonReport {
    /** The document's format name and version; bumped only when a field is renamed or removed. */
    public static final String FORMAT = "keyline-simulate/2";
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonReport() {}

    public static String render(Outcome o) {
        return write(document(o));
    }

    /** The document as plain maps, lists, records and numbers, in field order. */
    static Map<String, Object> document(Outcome o) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("scenario", o.report().scenario());
        doc.put("seed", o.report().seed());
        doc.put("simulatedSeconds", o.report().simulated().toNanos() / 1e9);
        doc.put("region", o.cost().region());
        doc.put("sampling", o.report().sampling());
        doc.put("findings", o.findings());
        doc.put("cost", o.cost());
        doc.put("tables", o.report().tables());
        doc.put("patterns", o.report().patterns());
        return doc;
    }

    static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.append('\n').toString();
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) g.writeNull();
            else g.writeNumber(d);
        } else if (v instanceof Integer || v instanceof Long) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Enum<?> e) {
            g.writeString(e.name());
        } else if (v instanceof Duration d) {
            g.writeNumber(d.toNanos() / 1e9);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            // a map without an order of its own (Map.of, HashMap) is written sorted, so the same report gives the same text
            Map<?, ?> ordered = m instanceof LinkedHashMap<?, ?> || m instanceof java.util.SortedMap<?, ?> ? m : new java.util.TreeMap<>(m);
            for (Map.Entry<?, ?> e : ordered.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Iterable<?> it) {
            g.writeStartArray();
            for (Object o : it) write(g, o);
            g.writeEndArray();
        } else if (v instanceof Record r) {
            g.writeStartObject();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                g.writeFieldName(c.getName());
                write(g, value(c, r));
            }
            g.writeEndObject();
        } else {
            throw new IllegalArgumentException("no JSON form for " + v.getClass());
        }
    }

    private static Object value(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + r.getClass().getSimpleName(), e);
        }
    }
}
