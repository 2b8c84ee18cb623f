package io.keyline.capacity;

import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the capacity model needs to know of one secondary index to price its entries (docs/RULES.md#CAP-INDEX-ENTRY):
 * its key, the table's key (always projected) and its projection. Immutable.
 *
 * @param include the non-key attributes of an {@code INCLUDE} projection; empty otherwise
 */
public record IndexSpec(String name, boolean global, KeySchema indexKey, KeySchema tableKey,
                        Projection projection, Set<String> include) {

    /** DynamoDB's projection types (API_Projection). */
    public enum Projection { KEYS_ONLY, INCLUDE, ALL }

    public IndexSpec {
        Objects.requireNonNull(name);
        include = Set.copyOf(include);
    }

    /**
     * Whether an item has an entry in this index: every index key attribute present with its
     * declared type. Sparse and type-mismatch items are absent (docs/RULES.md#GSI-SPARSE).
     */
    public boolean indexes(Map<String, AttributeValue> item) {
        if (item == null) return false;
        for (KeyAttribute k : indexKey.hash()) if (!hasType(item.get(k.name()), k.type())) return false;
        for (KeyAttribute k : indexKey.range()) if (!hasType(item.get(k.name()), k.type())) return false;
        return true;
    }

    /** Size of the item's entry: table key + index key + projected attributes (docs/RULES.md#CAP-INDEX-ENTRY). */
    public long entrySize(Map<String, AttributeValue> item) {
        if (projection == Projection.ALL) return ItemSize.of(item);
        long total = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String n = e.getKey();
            if (tableKey.isKeyAttribute(n) || indexKey.isKeyAttribute(n)
                    || (projection == Projection.INCLUDE && include.contains(n))) {
                total += ItemSize.utf8Length(n) + ItemSize.of(e.getValue());
            }
        }
        return total;
    }

    /** Whether the index key values differ between two items that are both in the index. */
    boolean keyChanged(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        for (KeyAttribute k : indexKey.hash()) if (!Objects.equals(oldItem.get(k.name()), newItem.get(k.name()))) return true;
        for (KeyAttribute k : indexKey.range()) if (!Objects.equals(oldItem.get(k.name()), newItem.get(k.name()))) return true;
        return false;
    }

    /**
     * Whether a projected non-key attribute differs (the entry must be rewritten). For an ALL
     * projection that is whether the items differ at all, the same for every such index.
     */
    public boolean projectionChanged(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        switch (projection) {
            case ALL: return !oldItem.equals(newItem);
            case INCLUDE:
                for (String a : include) if (!Objects.equals(oldItem.get(a), newItem.get(a))) return true;
                return false;
            default: return false;
        }
    }

    private static boolean hasType(AttributeValue v, ScalarType type) {
        if (v == null) return false;
        switch (type) {
            case S: return v instanceof AttributeValue.S;
            case N: return v instanceof AttributeValue.N;
            default: return v instanceof AttributeValue.B;
        }
    }
}
