package io.keyline.op;

import io.keyline.error.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Collects violations of the API's declared constraints and reports them the way DynamoDB's
 * front end does, all at once: {@code N validation error(s) detected: Value 'x' at 'field'
 * failed to satisfy constraint: ...; Value ...}. One instance per request; not thread-safe.
 */
public final class Constraints {
    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]+");
    /** Source: DynamoDB API reference, TableName: length 3-255, pattern [a-zA-Z0-9_.-]+. */
    public static final int TABLE_NAME_MIN = 3;
    public static final int TABLE_NAME_MAX = 255;

    private final List<String> violations = new ArrayList<>();

    /** Records one violation; {@code value} null renders as {@code Value null}. */
    public Constraints violation(Object value, String field, String constraint) {
        String shown = value == null ? "Value null" : "Value '" + value + "'";
        violations.add(shown + " at '" + field + "' failed to satisfy constraint: " + constraint);
        return this;
    }

    public Constraints notNull(Object value, String field) {
        if (value == null) violation(null, field, "Member must not be null");
        return this;
    }

    /** TableName: not null, 3-255 characters, [a-zA-Z0-9_.-]+ (every failing rule is listed). */
    public Constraints tableName(String name, String field) {
        if (name == null) return notNull(null, field);
        if (name.length() < TABLE_NAME_MIN) violation(name, field, "Member must have length greater than or equal to " + TABLE_NAME_MIN);
        if (name.length() > TABLE_NAME_MAX) violation(name, field, "Member must have length less than or equal to " + TABLE_NAME_MAX);
        if (!TABLE_NAME.matcher(name).matches()) violation(name, field, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        return this;
    }

    /** An enum-valued field; {@code allowed} in DynamoDB's listing order. */
    public Constraints oneOf(String value, String field, List<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            violation(value, field, "Member must satisfy enum value set: [" + String.join(", ", allowed) + "]");
        }
        return this;
    }

    public boolean isEmpty() { return violations.isEmpty(); }

    /** Throws the aggregated ValidationException if anything was recorded. */
    public void check() {
        if (violations.isEmpty()) return;
        int n = violations.size();
        throw Errors.validation(n + " validation error" + (n == 1 ? "" : "s") + " detected: " + String.join("; ", violations));
    }
}
