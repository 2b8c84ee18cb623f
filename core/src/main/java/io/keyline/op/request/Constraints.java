package io.keyline.op.request;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Collects violations of DynamoDB's declared member constraints (the checks its front end makes
 * before any semantic validation) and reports them together, in DynamoDB's wording:
 * {@code N validation error(s) detected: Value 'v' at 'path' failed to satisfy constraint: ...}.
 * Like DynamoDB it reports at most {@value #MAX_REPORTED} of them. Paths use DynamoDB's form,
 * e.g. {@code globalSecondaryIndexes.1.member.keySchema}. One instance per request; not
 * thread-safe.
 */
public final class Constraints {
    /** DynamoDB's aggregated message stops at ten errors (observed, dynalite validations/index.js). */
    static final int MAX_REPORTED = 10;

    private final List<String> errors = new ArrayList<>();

    public boolean isEmpty() { return errors.isEmpty(); }

    /** Records a violation; {@code value} is rendered into the message, null as {@code null}. */
    public void fail(String path, Object value, String constraint) {
        if (errors.size() >= MAX_REPORTED) return;
        String v = value == null ? "null" : "'" + render(value) + "'";
        errors.add("Value " + v + " at '" + path + "' failed to satisfy constraint: " + constraint);
    }

    /** Not null; returns whether the value is present. */
    public boolean notNull(String path, Object value) {
        if (value == null) fail(path, null, "Member must not be null");
        return value != null;
    }

    /** String length in characters (code points), checked only when present. */
    public void length(String path, String value, int min, int max) {
        if (value == null) return;
        int n = value.codePointCount(0, value.length());
        if (n < min) fail(path, value, "Member must have length greater than or equal to " + min);
        else if (n > max) fail(path, value, "Member must have length less than or equal to " + max);
    }

    /** List length, checked only when present. */
    public void size(String path, List<?> value, int min, int max) {
        if (value == null) return;
        if (value.size() < min) fail(path, value, "Member must have length greater than or equal to " + min);
        else if (value.size() > max) fail(path, value, "Member must have length less than or equal to " + max);
    }

    public void atLeast(String path, Long value, long min) {
        if (value != null && value < min) fail(path, value, "Member must have value greater than or equal to " + min);
    }

    public void atMost(String path, Long value, long max) {
        if (value != null && value > max) fail(path, value, "Member must have value less than or equal to " + max);
    }

    public void pattern(String path, String value, Pattern pattern) {
        if (value != null && !pattern.matcher(value).matches()) {
            fail(path, value, "Member must satisfy regular expression pattern: " + pattern.pattern());
        }
    }

    /** {@link #pattern} with {@link Names#NAME_PATTERN}, the table and index name rule, without a Matcher. */
    public void namePattern(String path, String value) {
        if (value != null && !Names.isName(value)) {
            fail(path, value, "Member must satisfy regular expression pattern: " + Names.NAME_PATTERN.pattern());
        }
    }

    /** One of an enum's values, listed as DynamoDB lists them in the message. */
    public void oneOf(String path, String value, List<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            fail(path, value, "Member must satisfy enum value set: [" + String.join(", ", allowed) + "]");
        }
    }

    /** Throws the aggregated ValidationException if anything was recorded. */
    public void throwIfAny() {
        if (errors.isEmpty()) return;
        throw toException();
    }

    ApiException toException() {
        int n = errors.size();
        return Errors.validation(n + " validation error" + (n > 1 ? "s" : "") + " detected: " + String.join("; ", errors));
    }

    private static String render(Object v) {
        if (v instanceof List<?> l) {
            List<String> parts = new ArrayList<>();
            for (Object o : l) parts.add(o == null ? "null" : render(o));
            return "[" + String.join(", ", parts) + "]";
        }
        if (v instanceof Map<?, ?> m) {
            List<String> parts = new ArrayList<>();
            m.forEach((k, x) -> parts.add(k + "=" + (x == null ? "null" : render(x))));
            return "{" + String.join(", ", parts) + "}";
        }
        if (v instanceof io.keyline.protocol.JsonObject o) return render(o.raw());
        return String.valueOf(v);
    }
}
