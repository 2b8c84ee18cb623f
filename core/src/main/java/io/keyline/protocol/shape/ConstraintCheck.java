package io.keyline.protocol.shape;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's second check of a request, after deserialization: the constraints its model
 * declares on members (required, enum, length, range, pattern), every violation recorded in
 * {@link Violations} under DynamoDB's member path. Paths: members first letter lower case,
 * joined by '.'; a list element is {@code list.<1-based index>.member}, a map value
 * {@code map.<key>.member} (e.g. {@code globalSecondaryIndexes.1.member.projection.projectionType},
 * {@code keyConditions.p.member.comparisonOperator}; Keyline's operation tests, from
 * dynalite's recordings); a map's keys and values are checked against their own shapes once
 * for the whole map ({@link #map}). Members are visited in the model's order; within a string, length is
 * checked before pattern (the order DynamoDB lists a map key's constraints in, BatchGetItemTest).
 * A value of the wrong JSON type never reaches here ({@link Deserialization} ran first).
 *
 * <p>The walk builds a path string only for a violation: one {@link StringBuilder} is extended
 * and cut back as it descends. One instance per request; not thread-safe.
 */
final class ConstraintCheck {
    private final Violations violations;
    private final StringBuilder path = new StringBuilder(64);

    private ConstraintCheck(Violations violations) {
        this.violations = violations;
    }

    static void check(Shape input, Map<String, Object> request, Violations violations) {
        new ConstraintCheck(violations).structure(input, request);
    }

    private void structure(Shape shape, Map<String, Object> fields) {
        int base = path.length();
        for (int i = 0; i < shape.memberNames.length && !violations.full(); i++) {
            Object v = fields.get(shape.memberNames[i]);
            if (v == null && !shape.memberRequired[i]) continue;
            if (base > 0) path.append('.');
            path.append(shape.memberPaths[i]);
            if (v == null) fail(null, "Member must not be null");
            else value(shape.memberShapes[i], v);
            path.setLength(base);
        }
    }

    @SuppressWarnings("unchecked")
    private void value(Shape shape, Object v) {
        switch (shape.type()) {
            case STRUCTURE -> structure(shape, (Map<String, Object>) v);
            case LIST -> list(shape, (List<Object>) v);
            case MAP -> map(shape, (Map<String, Object>) v);
            case STRING -> string(shape, (String) v);
            case INTEGER, LONG, DOUBLE -> range(shape, (BigDecimal) v);
            default -> { }
        }
    }

    private void list(Shape shape, List<Object> list) {
        size(shape, list, list.size());
        elements(shape, list);
    }

    private void elements(Shape shape, List<Object> list) {
        int base = path.length();
        for (int i = 0, n = list.size(); i < n && !violations.full(); i++) {
            path.append('.').append(i + 1).append(".member");
            Object e = list.get(i);
            if (e == null) fail(null, "Member must not be null");
            else value(shape.member, e);
            path.setLength(base);
        }
    }

    /**
     * A map's own length; then its keys' and its values' own constraints, each reported once
     * for the whole map as "Map keys / Map value must satisfy constraint: [every constraint of
     * the key / value shape]" (dynalite batchGetItem.js and batchWriteItem.js, recorded against
     * DynamoDB: a RequestItems table name, a BatchWriteItem list of 0 or 26 requests); then the
     * members inside each value under {@code map.<key>.member}.
     */
    private void map(Shape shape, Map<String, Object> map) {
        size(shape, map, map.size());
        entries(shape, map);
    }

    /** A map's keys and values; its own length is the caller's (the outer map's, for a map value). */
    @SuppressWarnings("unchecked")
    private void entries(Shape shape, Map<String, Object> map) {
        Shape key = shape.key;
        if (hasOwnConstraints(key)) {
            for (String k : map.keySet()) {
                if (!satisfies(key, k)) {
                    fail(map, "Map keys must satisfy constraint: " + describe(key));
                    break;
                }
            }
        }
        Shape value = shape.value;
        if (hasOwnConstraints(value)) {
            for (Object v : map.values()) {
                if (v != null && !satisfies(value, v)) {
                    fail(map, "Map value must satisfy constraint: " + describe(value));
                    break;
                }
            }
        }
        int base = path.length();
        for (Map.Entry<String, Object> e : map.entrySet()) {
            if (violations.full()) break;
            Object v = e.getValue();
            if (v == null) continue;
            path.append('.').append(e.getKey()).append(".member");
            switch (value.type()) {
                case STRUCTURE -> value(value, v);
                case LIST -> elements(value, (List<Object>) v);
                case MAP -> entries(value, (Map<String, Object>) v);
                default -> { }
            }
            path.setLength(base);
        }
    }

    private void size(Shape shape, Object value, int n) {
        if (shape.min != null && n < shape.min.longValue()) {
            fail(value, "Member must have length greater than or equal to " + shape.min);
        } else if (shape.max != null && n > shape.max.longValue()) {
            fail(value, "Member must have length less than or equal to " + shape.max);
        }
    }

    private void string(Shape shape, String s) {
        if (!shape.allows(s)) {
            fail(s, "Member must satisfy enum value set: [" + String.join(", ", shape.enumValues) + "]");
        }
        if (shape.min != null || shape.max != null) {
            int n = s.codePointCount(0, s.length());
            if (shape.min != null && n < shape.min.longValue()) {
                fail(s, "Member must have length greater than or equal to " + shape.min);
            } else if (shape.max != null && n > shape.max.longValue()) {
                fail(s, "Member must have length less than or equal to " + shape.max);
            }
        }
        if (shape.pattern != null && !shape.pattern.matcher(s).matches()) {
            fail(s, "Member must satisfy regular expression pattern: " + shape.pattern.pattern());
        }
    }

    private void range(Shape shape, BigDecimal d) {
        if (shape.min != null && d.compareTo(shape.min) < 0) {
            fail(d, "Member must have value greater than or equal to " + shape.min);
        } else if (shape.max != null && d.compareTo(shape.max) > 0) {
            fail(d, "Member must have value less than or equal to " + shape.max);
        }
    }

    /** Whether a shape constrains its own value (not only its members'). */
    private static boolean hasOwnConstraints(Shape shape) {
        return shape.min != null || shape.max != null || shape.pattern != null || shape.enumValues != null;
    }

    @SuppressWarnings("unchecked")
    private static boolean satisfies(Shape shape, Object v) {
        switch (shape.type()) {
            case STRING -> {
                String s = (String) v;
                if (!shape.allows(s)) return false;
                if (!within(shape, shape.min == null && shape.max == null ? 0 : s.codePointCount(0, s.length()))) return false;
                return shape.pattern == null || shape.pattern.matcher(s).matches();
            }
            case LIST -> { return within(shape, ((List<Object>) v).size()); }
            case MAP -> { return within(shape, ((Map<String, Object>) v).size()); }
            case INTEGER, LONG, DOUBLE -> {
                BigDecimal d = (BigDecimal) v;
                return (shape.min == null || d.compareTo(shape.min) >= 0) && (shape.max == null || d.compareTo(shape.max) <= 0);
            }
            default -> { return true; }
        }
    }

    private static boolean within(Shape shape, long n) {
        return (shape.min == null || n >= shape.min.longValue()) && (shape.max == null || n <= shape.max.longValue());
    }

    /**
     * Every constraint of a map's key or value shape, as DynamoDB lists them after "Map keys
     * must satisfy constraint:": maximum first, then minimum, then pattern (BatchGetItemTest,
     * dynalite batchWriteItem.js); where an enum goes in that list is not recorded.
     */
    private static String describe(Shape shape) {
        boolean number = shape.type() == Shape.Type.INTEGER || shape.type() == Shape.Type.LONG || shape.type() == Shape.Type.DOUBLE;
        String bound = number ? "value" : "length";
        StringBuilder b = new StringBuilder("[");
        if (shape.max != null) append(b, "Member must have " + bound + " less than or equal to " + shape.max);
        if (shape.min != null) append(b, "Member must have " + bound + " greater than or equal to " + shape.min);
        if (shape.pattern != null) append(b, "Member must satisfy regular expression pattern: " + shape.pattern.pattern());
        if (shape.enumValues != null) append(b, "Member must satisfy enum value set: [" + String.join(", ", shape.enumValues) + "]");
        return b.append(']').toString();
    }

    private static void append(StringBuilder b, String constraint) {
        if (b.length() > 1) b.append(", ");
        b.append(constraint);
    }

    private void fail(Object value, String constraint) {
        violations.add(path.toString(), value, constraint);
    }
}
