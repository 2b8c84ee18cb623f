package io.keyline.engine.api;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
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
 * entries unique), so an index's LastEvaluatedKey names both. Plain data of the engine's API: the
 * stored keys and key ranges of a target are the engine's ({@code Engine#queryRange},
 * {@code Engine#scanRange}, {@code Engine#storageKey}). Immutable.
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

    /** The attributes a start key must have: the target's key, then any table key attributes not in it. */
    public List<String> keyNames() {
        List<String> names = new ArrayList<>();
        for (KeyAttribute a : keySchema.all()) names.add(a.name());
        for (KeyAttribute a : tableKeySchema.all()) if (!names.contains(a.name())) names.add(a.name());
        return names;
    }

    /** The LastEvaluatedKey of an item read from this target. */
    public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : keyNames()) key.put(name, item.get(name));
        return key;
    }
}
