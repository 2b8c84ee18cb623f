package io.keyline.expr;

import io.keyline.model.AttributeValue;
import java.util.List;
import java.util.Map;

/**
 * The outcome of applying an update to an old item. {@code item} is the new item, or null when
 * there was no old item and the update only removes (DynamoDB then creates no item); when the
 * old item was null the new item holds only what the update wrote, so the caller adds the key.
 * {@code modifiedPaths} are the paths the update writes or removes, in written order.
 */
public record UpdateResult(Map<String, AttributeValue> item, List<DocumentPath> modifiedPaths) {
    public UpdateResult {
        modifiedPaths = List.copyOf(modifiedPaths);
    }
}
