package io.keyline.op.request;

import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import java.util.Map;

/**
 * Checks DynamoDB applies to every item written: attribute names non-empty and under 64 KB,
 * nesting at most 32 levels, the item at most 400 KB. Stateless.
 */
public final class ItemChecks {
    /** docs/RULES.md#LIMIT-ATTRIBUTE-NAME: names up to 64 KB; 65,535 bytes is the largest accepted (observed). */
    public static final int MAX_ATTRIBUTE_NAME_BYTES = 65535;
    /** docs/RULES.md#LIMIT-NESTING: 32 levels. */
    public static final int MAX_NESTING = 32;

    private ItemChecks() {}

    public static void checkItem(Map<String, AttributeValue> item, String tooLargeMessage) {
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            checkAttributeName(e.getKey());
            checkValue(e.getValue(), 1);
        }
        if (ItemSize.of(item) > ItemSize.MAX_ITEM_BYTES) throw Errors.validation(tooLargeMessage);
    }

    public static void checkAttributeName(String name) {
        if (name.isEmpty()) {
            throw Errors.validation("One or more parameter values were invalid: An AttributeValue may not contain an empty attribute name. Empty attribute name");
        }
        if (ItemSize.utf8Length(name) > MAX_ATTRIBUTE_NAME_BYTES) {
            // Wording measured against the service (ExtendDB issue #365).
            throw Errors.validation("1 validation error detected: Attribute name is too large, must be less than "
                    + (MAX_ATTRIBUTE_NAME_BYTES + 1) + " bytes");
        }
    }

    /** Depth 1 is a top-level value; 31 levels of maps or lists around a scalar is the most accepted. */
    private static void checkValue(AttributeValue v, int depth) {
        if (depth > MAX_NESTING) {
            // Wording measured against the service (dynoxide issue #110).
            throw Errors.validation("Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit");
        }
        if (v instanceof AttributeValue.L l) {
            for (AttributeValue e : l.values()) checkValue(e, depth + 1);
        } else if (v instanceof AttributeValue.M m) {
            for (Map.Entry<String, AttributeValue> e : m.values().entrySet()) {
                if (ItemSize.utf8Length(e.getKey()) > MAX_ATTRIBUTE_NAME_BYTES) checkAttributeName(e.getKey());
                checkValue(e.getValue(), depth + 1);
            }
        }
    }
}
