package io.keyline.server.cloudwatch;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One structure of a decoded request, read by member name with the type the service model gives
 * it. The three protocols deliver the same tree with different leaves: CBOR and JSON give numbers
 * as numbers and timestamps as epoch seconds, the query protocol gives every leaf as a string
 * and timestamps in ISO 8601; the readers here accept each form. {@code path} names the
 * structure the way CloudWatch's messages name parameters ({@code MetricDataQueries.member.1.MetricStat}).
 * Immutable.
 */
final class Params {
    private final Map<String, Object> fields;
    private final String path;

    Params(Map<String, Object> fields, String path) {
        this.fields = fields;
        this.path = path;
    }

    static Params root(Map<String, Object> fields) { return new Params(fields, ""); }

    /** This structure's own name in CloudWatch's messages (empty for the request). */
    String path() { return path; }

    /** The name CloudWatch's messages use for a member of this structure. */
    String name(String member) { return path.isEmpty() ? member : path + "." + member; }

    boolean has(String member) { return fields.get(member) != null; }

    String string(String member) {
        Object v = fields.get(member);
        if (v == null) return null;
        if (v instanceof String s) return s;
        if (v instanceof Number || v instanceof Boolean) return v.toString();
        throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + " must be a string.");
    }

    String requiredString(String member) {
        String s = string(member);
        if (s == null) throw CloudWatchError.missingParameter(name(member));
        return s;
    }

    /** An integer member, or null. */
    Long integer(String member) {
        Object v = fields.get(member);
        if (v == null) return null;
        try {
            if (v instanceof Number n) return new BigDecimal(n.toString()).longValueExact();
            if (v instanceof String s) return Long.parseLong(s.trim());
        } catch (ArithmeticException | NumberFormatException e) {
            // below
        }
        throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + " must be an integer.");
    }

    Boolean bool(String member) {
        Object v = fields.get(member);
        if (v == null) return null;
        if (v instanceof Boolean b) return b;
        if (v instanceof String s && (s.equals("true") || s.equals("false"))) return Boolean.valueOf(s);
        throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + " must be a boolean.");
    }

    /** A timestamp: epoch seconds (CBOR, JSON) or ISO 8601 text (query), or null. */
    Instant timestamp(String member) {
        Object v = fields.get(member);
        if (v == null) return null;
        if (v instanceof Instant i) return i;
        try {
            if (v instanceof Number n) return epochSeconds(new BigDecimal(n.toString()));
            if (v instanceof String s) return parseTimestamp(s.trim());
        } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
            // below
        }
        throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + " must be a valid timestamp.");
    }

    Instant requiredTimestamp(String member) {
        if (!has(member)) throw CloudWatchError.missingParameter(name(member));
        return timestamp(member);
    }

    Params struct(String member) {
        Object v = fields.get(member);
        if (v == null) return null;
        if (v instanceof Map<?, ?> m) return new Params(cast(m), name(member));
        throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + " must be a structure.");
    }

    /** A list of structures, each named {@code <member>.member.<n>}; empty if absent. */
    List<Params> structs(String member) {
        List<?> items = list(member);
        List<Params> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            String itemName = name(member) + ".member." + (i + 1);
            if (!(items.get(i) instanceof Map<?, ?> m)) {
                throw CloudWatchError.invalidParameterValue("The parameter " + itemName + " must be a structure.");
            }
            out.add(new Params(cast(m), itemName));
        }
        return out;
    }

    /** A list of strings; empty if absent. */
    List<String> strings(String member) {
        List<?> items = list(member);
        List<String> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Object v = items.get(i);
            if (!(v instanceof String s)) {
                throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + ".member." + (i + 1) + " must be a string.");
            }
            out.add(s);
        }
        return out;
    }

    private List<?> list(String member) {
        Object v = fields.get(member);
        if (v == null) return List.of();
        if (v instanceof List<?> l) return l;
        throw CloudWatchError.invalidParameterValue("The parameter " + name(member) + " must be a list.");
    }

    /** ISO 8601 with or without an offset (UTC if none), else epoch seconds. */
    private static Instant parseTimestamp(String t) {
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException e) {
            // next form
        }
        try {
            return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            // next form
        }
        return epochSeconds(new BigDecimal(t));
    }

    private static Instant epochSeconds(BigDecimal seconds) {
        BigDecimal millis = seconds.movePointRight(3);
        return Instant.ofEpochMilli(millis.setScale(0, java.math.RoundingMode.FLOOR).longValueExact());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) { return (Map<String, Object>) m; }
}
