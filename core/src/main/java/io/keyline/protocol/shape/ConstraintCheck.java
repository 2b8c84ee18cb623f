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
 * dynalite's recordings). Members are visited in the model's order; within a string, length is
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
        int base = path.length();
        for (int i = 0, n = list.size(); i < n && !violations.full(); i++) {
            path.append('.').append(i + 1).append(".member");
            Object e = list.get(i);
            if (e == null) fail(null, "Member must not be null");
            else value(shape.member, e);
            path.setLength(base);
        }
    }

    private void map(Shape shape, Map<String, Object> map) {
        size(shape, map, map.size());
        Shape key = shape.key;
        if (hasStringConstraints(key)) {
            for (String k : map.keySet()) {
                if (!satisfies(key, k)) {
                    fail(map, "Map keys must satisfy constraint: " + describe(key));
                    break;
                }
            }
        }
        int base = path.length();
        for (Map.Entry<String, Object> e : map.entrySet()) {
            if (violations.full()) break;
            if (e.getValue() == null) continue;
            path.append('.').append(e.getKey()).append(".member");
            value(shape.value, e.getValue());
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

    private static boolean hasStringConstraints(Shape key) {
        return key.min != null || key.max != null || key.pattern != null;
    }

    private static boolean satisfies(Shape key, String k) {
        int n = key.min == null && key.max == null ? 0 : k.codePointCount(0, k.length());
        if (key.min != null && n < key.min.longValue()) return false;
        if (key.max != null && n > key.max.longValue()) return false;
        return key.pattern == null || key.pattern.matcher(k).matches();
    }

    /**
     * A map key shape's constraints as DynamoDB lists them after "Map keys must satisfy
     * constraint:": all of them, maximum length first (BatchGetItemTest, from dynalite).
     */
    private static String describe(Shape key) {
        StringBuilder b = new StringBuilder("[");
        if (key.max != null) b.append("Member must have length less than or equal to ").append(key.max);
        if (key.min != null) {
            if (b.length() > 1) b.append(", ");
            b.append("Member must have length greater than or equal to ").append(key.min);
        }
        if (key.pattern != null) {
            if (b.length() > 1) b.append(", ");
            b.append("Member must satisfy regular expression pattern: ").append(key.pattern.pattern());
        }
        return b.append(']').toString();
    }

    private void fail(Object value, String constraint) {
        violations.add(path.toString(), value, constraint);
    }
}
