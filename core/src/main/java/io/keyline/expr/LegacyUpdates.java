package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The value rules of legacy AttributeUpdates ADD and DELETE, which differ from UpdateExpression:
 * ADD also appends lists, and mismatches are "Type mismatch for attribute to update". Stateless.
 */
final class LegacyUpdates {
    private LegacyUpdates() {}

    static final String TYPE_MISMATCH = "Type mismatch for attribute to update";

    static AttributeValue add(AttributeValue current, AttributeValue v) {
        if (current == null) return v;
        if (current instanceof AttributeValue.N x && v instanceof AttributeValue.N y) return Values.add(x, y);
        if (current instanceof AttributeValue.L x && v instanceof AttributeValue.L y) {
            List<AttributeValue> joined = new ArrayList<>(x.values());
            joined.addAll(y.values());
            return new AttributeValue.L(joined);
        }
        AttributeValue union = Values.union(current, v);
        if (union == null) throw ExprErrors.validation(TYPE_MISMATCH);
        return union;
    }

    /** {@code v} null removes the attribute; a set removes those elements. */
    static AttributeValue delete(AttributeValue current, AttributeValue v) {
        if (v == null || current == null) return null;
        Values.Difference diff = Values.difference(current, v);
        if (diff == null) throw ExprErrors.validation(TYPE_MISMATCH);
        return diff.remaining();
    }
}
