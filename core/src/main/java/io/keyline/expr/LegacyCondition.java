package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.List;

/**
 * One attribute's entry of a legacy Expected, QueryFilter, ScanFilter or KeyConditions map, as
 * decoded from the request (each member null when absent); {@link Legacy} validates the
 * combination. Immutable.
 */
public record LegacyCondition(AttributeValue value, Boolean exists, String comparisonOperator,
                              List<AttributeValue> attributeValueList) {
    /** An entry sent as JSON null or as an empty object. */
    public static final LegacyCondition EMPTY = new LegacyCondition(null, null, null, null);
}
