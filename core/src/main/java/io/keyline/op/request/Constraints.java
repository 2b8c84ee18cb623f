package io.keyline.op.request;

import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.List;

/**
 * The member checks an operation adds to the service model's (docs/RULES.md#VALIDATION-ORDER),
 * recorded in the request's {@link Violations} so that DynamoDB's one aggregated message holds
 * them all. Only checks the model cannot state belong here (a bound DynamoDB keeps that the
 * published model lost, a list length per operation); each caller says why. Paths use DynamoDB's
 * form, e.g. {@code globalSecondaryIndexes.1.member.keySchema}. One instance per request; not
 * thread-safe.
 */
public final class Constraints {
    private final Violations violations;

    /** Records into {@code violations}, the request's aggregate. */
    public Constraints(Violations violations) { this.violations = violations; }

    /** Records a violation; {@code value} is rendered into the message, null as {@code null}. */
    public void fail(String path, Object value, String constraint) {
        violations.add(path, value instanceof JsonObject o ? o.raw() : value, constraint);
    }

    /** Not null; returns whether the value is present. */
    public boolean notNull(String path, Object value) {
        if (value == null) fail(path, null, "Member must not be null");
        return value != null;
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

    public void pattern(String path, String value, java.util.regex.Pattern pattern) {
        if (value != null && !pattern.matcher(value).matches()) {
            fail(path, value, "Member must satisfy regular expression pattern: " + pattern.pattern());
        }
    }
}
