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
 * <p>The walk builds a path string only for a violation: as it descends it pushes the parts of
 * the path (strings it already holds, or a list index) on a small stack, and joins them only
 * when something fails. One instance per request; not thread-safe.
 */
final class ConstraintCheck {
    private final Violations violations;
    /** The current path: member names (already lower-cased), list indexes (Integer, 1-based) and map keys. */
    private Object[] parts = new Object[16];
    /** Whether part i is a list index or map key, which DynamoDB follows with ".member". */
    private boolean[] element = new boolean[16];
    private int depth;

    private ConstraintCheck(Violations violations) {
        this.violations = violations;
    }

    static void check(Shape input, Map<String, Object> request, Violations violations) {
        new ConstraintCheck(violations).structure(input, request);
    }

    private void structure(Shape shape, Map<String, Object> fields) {
        if (shape.hasRequired || fields.size() * 2 > shape.memberNames.length) {
            for (int i = 0; i < shape.memberNames.length && !violations.full(); i++) {
                member(shape, i, fields.get(shape.memberNames[i]));
            }
            return;
        }
        // Few members present and none required (an AttributeValue has one of ten): visit the
        // present ones that can fail, still in the model's order.
        int[] present = null;
        int n = 0;
        for (String name : fields.keySet()) {
            int i = shape.memberIndex(name);
            if (i < 0 || !shape.memberShapes[i].constrained) continue;
            if (present == null) present = new int[fields.size()];
            present[n++] = i;
        }
        if (n > 1) java.util.Arrays.sort(present, 0, n);
        for (int j = 0; j < n && !violations.full(); j++) member(shape, present[j], fields.get(shape.memberNames[present[j]]));
    }

    private void member(Shape shape, int i, Object v) {
        if (v == null && !shape.memberRequired[i]) return;
        if (v != null && !shape.memberShapes[i].constrained) return;
        push(shape.memberPaths[i], false);
        if (v == null) fail(null, "Member must not be null");
        else value(shape.memberShapes[i], v);
        depth--;
    }

    private void push(Object part, boolean isElement) {
        if (depth == parts.length) {
            parts = java.util.Arrays.copyOf(parts, depth * 2);
            element = java.util.Arrays.copyOf(element, depth * 2);
        }
        parts[depth] = part;
        element[depth++] = isElement;
    }

    private String path() {
        StringBuilder b = new StringBuilder(64);
        for (int i = 0; i < depth; i++) {
            if (i > 0) b.append('.');
            b.append(parts[i]);
            if (element[i]) b.append(".member");
        }
        return b.toString();
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
        boolean descend = shape.member.constrained;
        for (int i = 0, n = list.size(); i < n && !violations.full(); i++) {
            Object e = list.get(i);
            if (e != null && !descend) continue;
            push(i + 1, true);
            if (e == null) fail(null, "Member must not be null");
            else value(shape.member, e);
            depth--;
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
        if (key.hasOwnConstraints()) {
            for (String k : map.keySet()) {
                if (!satisfies(key, k)) {
                    fail(map, "Map keys must satisfy constraint: " + describe(key));
                    break;
                }
            }
        }
        Shape value = shape.value;
        if (value.hasOwnConstraints()) {
            for (Object v : map.values()) {
                if (v != null && !satisfies(value, v)) {
                    fail(map, "Map value must satisfy constraint: " + describe(value));
                    break;
                }
            }
        }
        if (!value.constrained || value.type() != Shape.Type.STRUCTURE && value.type() != Shape.Type.LIST
                && value.type() != Shape.Type.MAP) {
            return;
        }
        for (Map.Entry<String, Object> e : map.entrySet()) {
            if (violations.full()) break;
            Object v = e.getValue();
            if (v == null) continue;
            push(e.getKey(), true);
            switch (value.type()) {
                case STRUCTURE -> value(value, v);
                case LIST -> elements(value, (List<Object>) v);
                case MAP -> entries(value, (Map<String, Object>) v);
                default -> { }
            }
            depth--;
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
        if (shape.pattern != null && !shape.matches(s)) {
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

    @SuppressWarnings("unchecked")
    private static boolean satisfies(Shape shape, Object v) {
        switch (shape.type()) {
            case STRING -> {
                String s = (String) v;
                if (!shape.allows(s)) return false;
                if (!lengthWithin(shape, s)) return false;
                return shape.pattern == null || shape.matches(s);
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

    /**
     * Length in code points within bounds, counted only when the UTF-16 length cannot decide:
     * a string has at most as many code points as chars and at least half as many.
     */
    private static boolean lengthWithin(Shape shape, String s) {
        if (shape.min == null && shape.max == null) return true;
        int chars = s.length();
        boolean surelyAboveMin = shape.min == null || chars / 2 >= shape.min.longValue();
        boolean surelyBelowMax = shape.max == null || chars <= shape.max.longValue();
        return surelyAboveMin && surelyBelowMax || within(shape, s.codePointCount(0, chars));
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
        violations.add(path(), value, constraint);
    }
}
