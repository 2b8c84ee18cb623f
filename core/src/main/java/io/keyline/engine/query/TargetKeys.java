package io.keyline.engine.query;

import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.ReadTarget;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The storage keys of a {@link ReadTarget}: the key range a Query or a Scan segment reads, and
 * the stored key of an entry (a start key). The target is plain data of the engine's API; its
 * encoding stays here, beside the reader. Stateless.
 */
public final class TargetKeys {
    private TargetKeys() {}

    /**
     * The entries whose partition key is {@code partitionKey} (one value per HASH attribute), whose
     * leading sort key attributes equal {@code sortEqualities}, and whose next sort key attribute
     * meets the condition (null: all of them). A table has one HASH attribute and no equalities.
     */
    public static KeyRange queryRange(ReadTarget target, List<AttributeValue> partitionKey, List<AttributeValue> sortEqualities,
                                      SortKeyCondition condition, AttributeValue low, AttributeValue high) {
        if (target.isIndex()) return KeyCodec.indexRange(target.keyspaceId(), partitionKey, sortEqualities, condition, low, high);
        AttributeValue pk = partitionKey.get(0);
        if (condition == null) return KeyCodec.partitionRange(target.keyspaceId(), pk);
        if (condition == SortKeyCondition.BEGINS_WITH) return KeyCodec.beginsWithRange(target.keyspaceId(), pk, low);
        return KeyCodec.sortKeyRange(target.keyspaceId(), pk, condition, low, high);
    }

    /** Every entry of the target, or the token slice {@code segment} of {@code totalSegments}. */
    public static KeyRange scanRange(ReadTarget target, int segment, int totalSegments) {
        return totalSegments <= 1 ? KeyCodec.keyspaceRange(target.keyspaceId()) : KeyCodec.segmentBounds(target.keyspaceId(), segment, totalSegments);
    }

    /** The stored key of the entry for an item (or a start key) that has every attribute of {@link ReadTarget#keyNames()}. */
    public static byte[] storageKey(ReadTarget target, Map<String, AttributeValue> keyAttributes) {
        AttributeValue basePk = keyAttributes.get(target.tableKeySchema().partitionKey().name());
        AttributeValue baseSk = target.tableKeySchema().hasSortKey() ? keyAttributes.get(target.tableKeySchema().sortKey().name()) : null;
        if (!target.isIndex()) return KeyCodec.itemKey(target.keyspaceId(), basePk, baseSk);
        return KeyCodec.indexKey(target.keyspaceId(), values(target.keySchema().hash(), keyAttributes), values(target.keySchema().range(), keyAttributes), basePk, baseSk);
    }

    private static List<AttributeValue> values(List<KeyAttribute> attributes, Map<String, AttributeValue> item) {
        List<AttributeValue> out = new ArrayList<>(attributes.size());
        for (KeyAttribute a : attributes) out.add(item.get(a.name()));
        return out;
    }
}
