package io.keyline.engine.codec;

import io.keyline.model.AttributeValue;
import java.util.List;

/**
 * An index entry key taken apart by {@link KeyCodec#decodeIndexKey}: the index key tuples and
 * the base item's key ({@code baseSortKey} null when the table has no sort key).
 */
public record DecodedIndexKey(long keyspaceId, long token, List<AttributeValue> hashParts,
                              List<AttributeValue> rangeParts, AttributeValue basePartitionKey,
                              AttributeValue baseSortKey) {
    public DecodedIndexKey {
        hashParts = List.copyOf(hashParts);
        rangeParts = List.copyOf(rangeParts);
    }
}
