package io.keyline.op;

import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import java.util.Map;

/**
 * Checks DynamoDB applies to every item written: attribute names non-empty and under 64 KB,
 * nesting at most 32 levels, the item at most 400 KB. Stateless.
 */
final class ItemChecks {
    /** Source: AWS-Q "Attributes": names up to 64 KB; 65535 bytes is the largest accepted ([obs] test_limits). */
    static final int MAX_ATTRIBUTE_NAME_BYTES = 65535;
    /** Source: AWS-Q "Nested attribute depth": 32 levels. */
    static final int MAX_NESTING = 32;

    private ItemChecks() {}

    static void checkItem(Map<String, AttributeValue> item, String tooLargeMessage) {
        for (String name : item.keySet()) checkAttributeName(name);
        for (AttributeValue v : item.values()) checkDepth(v, 1);
        if (ItemSize.of(item) > ItemSize.MAX_ITEM_BYTES) throw Errors.validation(tooLargeMessage);
    }

    static void checkAttributeName(String name) {
        if (name.isEmpty()) {
            throw Errors.validation("One or more parameter values were invalid: An AttributeValue may not contain an empty attribute name. Empty attribute name");
        }
        if (ItemSize.utf8Length(name) > MAX_ATTRIBUTE_NAME_BYTES) {
            throw Errors.validation("One or more parameter values were invalid: Attribute name is too large, must be less than "
                    + (MAX_ATTRIBUTE_NAME_BYTES + 1) + " bytes");
        }
    }

    private static void checkDepth(AttributeValue v, int depth) {
        if (depth > MAX_NESTING) throw Errors.validation("Nesting Levels have exceeded supported limits");
        if (v instanceof AttributeValue.L l) {
            for (AttributeValue e : l.values()) checkDepth(e, depth + 1);
        } else if (v instanceof AttributeValue.M m) {
            for (AttributeValue e : m.values().values()) checkDepth(e, depth + 1);
        }
    }
}
