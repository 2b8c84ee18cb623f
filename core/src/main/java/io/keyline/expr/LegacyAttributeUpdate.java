package io.keyline.expr;

import io.keyline.model.AttributeValue;

/**
 * One attribute's entry of a legacy AttributeUpdates map, as decoded from the request (null when
 * absent; a null action is PUT); {@link Legacy#attributeUpdates} validates it. Immutable.
 */
public record LegacyAttributeUpdate(String action, AttributeValue value) {
    /** An entry sent as JSON null or as an empty object. */
    public static final LegacyAttributeUpdate EMPTY = new LegacyAttributeUpdate(null, null);
}
