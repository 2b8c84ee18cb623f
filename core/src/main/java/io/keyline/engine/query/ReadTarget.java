package io.keyline.engine.query;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.codec.KeyRange;
import io.keyline.engine.codec.SortKeyCondition;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Query or Scan reads: the table itself, or one of its indexes. Either is one keyspace
 * with its own key schema; an index entry's stored key also carries the table's key (which makes
 * entries unique), so an index's LastEvaluatedKey names both. Immutable.
 *
 * @param indexName null for the table
 * @param keySchema the schema the read is keyed by (the index's, for an index)
 * @param tableKeySchema the table's primary key
 * @param global true for a global secondary index
 */
public record ReadTarget(String indexName, long keyspaceId, KeySchema keySchema, KeySchema tableKeySchema, boolean global) {

    public static ReadTarget table(TableMetadata table) {
        return new ReadTarget(null, table.keyspaceId(), table.keySchema(), table.keySchema(), false);
    }

    /**
     * An index read; refused, whatever operation reads it, while a GSI is not ACTIVE: CREATING
     * with DynamoDB's text (quoted in StackOverflow question 59322281), DELETING as if it were
     * gone already, in DynamoDB's words for a missing index [inf] (docs/RULES.md#GSI-BACKFILL,
     * docs/RULES.md#GSI-DELETING).
     */
    public static ReadTarget index(TableMetadata table, IndexMetadata index) {
        if (index.isGlobal() && index.status() == TableStatus.CREATING) {
            throw Errors.validation("Cannot read from backfilling global secondary index: " + index.name());
        }
        if (index.isGlobal() && index.status() == TableStatus.DELETING) {
            throw Errors.validation("The table does not have the specified index: " + index.name());
        }
        return new ReadTarget(index.name(), index.keyspaceId(), index.keySchema(), table.keySchema(), index.isGlobal());
    }

    public boolean isIndex() { return indexName != null; }

    /**
     * The entries whose partition key is {@code partitionKey} (one value per HASH attribute), whose
     * leading sort key attributes equal {@code sortEqualities}, and whose next sort key attribute
     * meets the condition (null: all of them). A table has one HASH attribute and no equalities.
     */
    public KeyRange queryRange(List<AttributeValue> partitionKey, List<AttributeValue> sortEqualities,
                               SortKeyCondition condition, AttributeValue low, AttributeValue high) {
        if (isIndex()) return KeyCodec.indexRange(keyspaceId, partitionKey, sortEqualities, condition, low, high);
        AttributeValue pk = partitionKey.get(0);
        if (condition == null) return KeyCodec.partitionRange(keyspaceId, pk);
        if (condition == SortKeyCondition.BEGINS_WITH) return KeyCodec.beginsWithRange(keyspaceId, pk, low);
        return KeyCodec.sortKeyRange(keyspaceId, pk, condition, low, high);
    }

    /** Every entry of the target, or the token slice {@code segment} of {@code totalSegments}. */
    public KeyRange scanRange(int segment, int totalSegments) {
        return totalSegments <= 1 ? KeyCodec.keyspaceRange(keyspaceId) : KeyCodec.segmentBounds(keyspaceId, segment, totalSegments);
    }

    /** The attributes a start key must have: the target's key, then any table key attributes not in it. */
    public List<String> keyNames() {
        List<String> names = new ArrayList<>();
        for (KeyAttribute a : keySchema.all()) names.add(a.name());
        for (KeyAttribute a : tableKeySchema.all()) if (!names.contains(a.name())) names.add(a.name());
        return names;
    }

    /** The stored key of the entry for an item (or a start key) that has every attribute of {@link #keyNames()}. */
    public byte[] storageKey(Map<String, AttributeValue> keyAttributes) {
        AttributeValue basePk = keyAttributes.get(tableKeySchema.partitionKey().name());
        AttributeValue baseSk = tableKeySchema.hasSortKey() ? keyAttributes.get(tableKeySchema.sortKey().name()) : null;
        if (!isIndex()) return KeyCodec.itemKey(keyspaceId, basePk, baseSk);
        return KeyCodec.indexKey(keyspaceId, values(keySchema.hash(), keyAttributes), values(keySchema.range(), keyAttributes), basePk, baseSk);
    }

    /** The LastEvaluatedKey of an item read from this target. */
    public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : keyNames()) key.put(name, item.get(name));
        return key;
    }

    private static List<AttributeValue> values(List<KeyAttribute> attributes, Map<String, AttributeValue> item) {
        List<AttributeValue> out = new ArrayList<>(attributes.size());
        for (KeyAttribute a : attributes) out.add(item.get(a.name()));
        return out;
    }
}
