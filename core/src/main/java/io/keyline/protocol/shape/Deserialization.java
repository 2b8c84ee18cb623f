package io.keyline.protocol.shape;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's first check of a parsed request: every member's JSON type against its shape, as
 * its streaming deserializer makes it, so the first wrong member in the body's order is the one
 * reported, as a SerializationException with the deserializer's text. Members the model does
 * not know are ignored and JSON nulls read as absent, as DynamoDB does. The only change made to
 * the map is DynamoDB's one coercion: a boolean member given as the string "true" or "false"
 * (any case) becomes that Boolean, so later readers see what DynamoDB would have read.
 *
 * <p>The texts depend on where the value sits. Recorded by dynalite's test suite against
 * DynamoDB (test/helpers.js, assertType, run with REMOTE=1):
 * <ul>
 * <li>a scalar of the wrong kind: {@code NUMBER_VALUE | DECIMAL_VALUE | STRING_VALUE |
 *     TRUE_VALUE | FALSE_VALUE cannot be converted to String | Boolean | Integer | Long};
 *     a string for a boolean: "Unexpected token received from parser"; anything but a string
 *     for a blob: "only base-64-encoded strings are convertible to bytes";</li>
 * <li>an object where a scalar or list is expected: "Start of structure or map found where not
 *     expected"; an array where a scalar or structure is expected: "Unrecognized collection
 *     type class &lt;Java type&gt;", where a map is expected: "Unrecognized collection type
 *     java.util.Map&lt;java.lang.String, &lt;value type&gt;&gt;";</li>
 * <li>a scalar where a structure, list or map is expected: "Unexpected field type" for a
 *     structure's member, "Unexpected value type in payload" for a structure that is a list
 *     element or map value, and the deserializer's ClassCastException text for a list or map
 *     that is itself a map value (BatchWriteItem's RequestItems).</li>
 * </ul>
 * Stateless and thread-safe.
 */
final class Deserialization {
    /** What DynamoDB's deserializer says when a scalar stands where a parameterized list or map is. */
    static final String PARAMETERIZED_CAST = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be"
            + " cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and"
            + " java.lang.Class are in module java.base of loader 'bootstrap')";
    static final String START_OF_MAP = "Start of structure or map found where not expected";
    static final String UNEXPECTED_FIELD = "Unexpected field type";
    static final String UNEXPECTED_VALUE = "Unexpected value type in payload";
    static final String UNEXPECTED_TOKEN = "Unexpected token received from parser";
    static final String NOT_BASE64 = "only base-64-encoded strings are convertible to bytes";

    /** Where a value sits: the texts for a wrong JSON type depend on it. */
    private enum Position { MEMBER, ELEMENT, MAP_VALUE }

    private Deserialization() {}

    /** Checks a request object against its input shape; throws the first SerializationException. */
    static void check(Shape input, Map<String, Object> request) {
        structure(input, request);
    }

    private static void structure(Shape shape, Map<String, Object> fields) {
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            Object v = e.getValue();
            if (v == null) continue;
            int i = shape.memberIndex(e.getKey());
            if (i < 0) continue;
            Shape target = shape.memberShapes[i];
            Object coerced = value(target, v, Position.MEMBER);
            if (coerced != v) e.setValue(coerced);
        }
    }

    /** Checks one non-null value; returns it, or its coerced form. The expected type is tested first: it is the common case. */
    @SuppressWarnings("unchecked")
    private static Object value(Shape shape, Object v, Position at) {
        switch (shape.type()) {
            case STRING, BLOB -> {
                if (v instanceof String) return v;
            }
            case STRUCTURE -> {
                if (v instanceof Map<?, ?> m) {
                    structure(shape, (Map<String, Object>) m);
                    return v;
                }
                if (v instanceof List) throw fail("Unrecognized collection type class " + shape.javaType());
                throw fail(at == Position.MEMBER ? UNEXPECTED_FIELD : UNEXPECTED_VALUE);
            }
            case LIST -> {
                if (v instanceof List<?> l) {
                    elements(shape.member, (List<Object>) l);
                    return v;
                }
                if (v instanceof Map) throw fail(START_OF_MAP);
                throw fail(at == Position.MEMBER ? UNEXPECTED_FIELD : PARAMETERIZED_CAST);
            }
            case MAP -> {
                if (v instanceof Map<?, ?> m) {
                    values(shape.value, (Map<String, Object>) m);
                    return v;
                }
                if (v instanceof List) throw fail("Unrecognized collection type " + shape.javaType());
                throw fail(at == Position.MEMBER ? UNEXPECTED_FIELD : PARAMETERIZED_CAST);
            }
            case BOOLEAN -> {
                if (v instanceof Boolean) return v;
            }
            default -> {
                if (v instanceof BigDecimal) return v;
            }
        }
        return wrongScalar(shape, v);
    }

    private static void elements(Shape member, List<Object> list) {
        for (int i = 0, n = list.size(); i < n; i++) {
            Object e = list.get(i);
            if (e == null) continue;
            Object coerced = value(member, e, Position.ELEMENT);
            if (coerced != e) list.set(i, coerced);
        }
    }

    private static void values(Shape valueShape, Map<String, Object> map) {
        for (Map.Entry<String, Object> e : map.entrySet()) {
            Object v = e.getValue();
            if (v == null) continue;
            Object coerced = value(valueShape, v, Position.MAP_VALUE);
            if (coerced != v) e.setValue(coerced);
        }
    }

    /** A scalar shape met a value of another JSON type: DynamoDB's text for it, or a coerced boolean. */
    private static Object wrongScalar(Shape shape, Object v) {
        if (v instanceof Map) throw fail(START_OF_MAP);
        if (v instanceof List) throw fail("Unrecognized collection type class " + shape.javaType());
        switch (shape.type()) {
            case BLOB -> throw fail(NOT_BASE64);
            case BOOLEAN -> {
                if (v instanceof String s) {
                    // [inf] dynalite's notes and another emulator's recordings: DynamoDB reads the
                    // words true and false in any case; other strings fail in its parser.
                    if (s.equalsIgnoreCase("true")) return Boolean.TRUE;
                    if (s.equalsIgnoreCase("false")) return Boolean.FALSE;
                    throw fail(UNEXPECTED_TOKEN);
                }
            }
            default -> { }
        }
        return failConversion(v, shape.scalarName());
    }

    private static Object failConversion(Object v, String target) {
        throw fail(token(v) + " cannot be converted to " + target);
    }

    /** The deserializer's name for the JSON token it met. */
    static String token(Object v) {
        if (v instanceof String) return "STRING_VALUE";
        if (v instanceof Boolean b) return b ? "TRUE_VALUE" : "FALSE_VALUE";
        // An integer literal parses with scale 0; a fraction or an exponent (1e3) does not.
        if (v instanceof BigDecimal d) return d.scale() == 0 ? "NUMBER_VALUE" : "DECIMAL_VALUE";
        throw new IllegalArgumentException("not a JSON scalar: " + v);
    }

    private static ApiException fail(String message) {
        return Errors.serialization(message);
    }
}
