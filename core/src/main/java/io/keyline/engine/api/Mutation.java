package io.keyline.engine.api;

import io.keyline.model.AttributeValue;
import java.util.Map;

/**
 * What a write does with the old item: returns the new item, null to delete, or the old one
 * unchanged. A pure function of the old item (the engine may run it again); it may throw, and
 * then nothing is written.
 */
@FunctionalInterface
public interface Mutation {
    Map<String, AttributeValue> apply(Map<String, AttributeValue> oldItem);
}
