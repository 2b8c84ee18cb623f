package io.keyline.protocol.shape;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The member-constraint violations of one request, reported together as DynamoDB reports them:
 * {@code N validation error(s) detected: Value 'v' at 'path' failed to satisfy constraint: C},
 * joined by "; ", at most {@value #MAX_REPORTED} of them (docs/RULES.md#VALIDATION-AGGREGATE).
 * Operations add their own member checks through op.request.Constraints. One per request; not thread-safe.
 */
public final class Violations {
    static final int MAX_REPORTED = 10;

    /** Made on the first violation: every request has a Violations, few have a violation. */
    private List<String> errors;

    public boolean isEmpty() { return errors == null; }

    public int size() { return errors == null ? 0 : errors.size(); }

    /** Whether no more violations will be kept: a walk may stop early. */
    boolean full() { return errors != null && errors.size() >= MAX_REPORTED; }

    /** Records a violation of {@code constraint} by {@code value} (null renders as {@code null}) at {@code path}. */
    public void add(String path, Object value, String constraint) {
        if (full()) return;
        String v = value == null ? "null" : "'" + render(value) + "'";
        if (errors == null) errors = new ArrayList<>(2);
        errors.add("Value " + v + " at '" + path + "' failed to satisfy constraint: " + constraint);
    }

    /** The aggregated ValidationException, or null if nothing was recorded. */
    public ApiException toException() {
        if (errors == null) return null;
        int n = errors.size();
        return Errors.validation(n + " validation error" + (n > 1 ? "s" : "") + " detected: " + String.join("; ", errors));
    }

    public void throwIfAny() {
        ApiException e = toException();
        if (e != null) throw e;
    }

    /**
     * A value as DynamoDB prints it in the message: Java's toString of the deserialized value,
     * so lists as {@code [a, b]} and maps as {@code {k=v}}; numbers as written.
     */
    static String render(Object v) {
        if (v instanceof List<?> l) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) b.append(", ");
                b.append(l.get(i) == null ? "null" : render(l.get(i)));
            }
            return b.append(']').toString();
        }
        if (v instanceof Map<?, ?> m) {
            StringBuilder b = new StringBuilder("{");
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) b.append(", ");
                first = false;
                b.append(e.getKey()).append('=').append(e.getValue() == null ? "null" : render(e.getValue()));
            }
            return b.append('}').toString();
        }
        if (v instanceof BigDecimal d) return d.toString();
        return String.valueOf(v);
    }
}
