package io.keyline.engine.index;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.Errors;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeyAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The key of an item in one index, and DynamoDB's rules for index key values on writes.
 * An item lacking any key attribute of an index, or holding one with another type, is not in
 * that index (sparse); {@link #check} is the stricter write-time rule that refuses the second
 * case (and empty or oversized values) with DynamoDB's messages. Stateless.
 */
public final class IndexKeys {
    private IndexKeys() {}

    /** An item's position in an index: the index key tuples. */
    public record IndexKey(List<AttributeValue> hash, List<AttributeValue> range) {}

    /** The item's key in the index, or null when the item is not in it. */
    public static IndexKey of(IndexMetadata index, Map<String, AttributeValue> item) {
        if (item == null) return null;
        List<AttributeValue> hash = values(index.keySchema().hash(), item);
        if (hash == null) return null;
        List<AttributeValue> range = values(index.keySchema().range(), item);
        return range == null ? null : new IndexKey(hash, range);
    }

    private static List<AttributeValue> values(List<KeyAttribute> attributes, Map<String, AttributeValue> item) {
        List<AttributeValue> out = new ArrayList<>(attributes.size());
        for (KeyAttribute a : attributes) {
            AttributeValue v = item.get(a.name());
            if (!a.type().matches(v) || isEmpty(v)) return null;
            out.add(v);
        }
        return out;
    }

    /**
     * Refuses a new item image whose index key attributes (present ones) have another type than
     * declared, are empty, or are too long, naming the first index (LSIs, then GSIs) in
     * DynamoDB's words. A GSI still CREATING is not checked: DynamoDB refuses such writes only
     * after the backfill; nor is one being deleted.
     */
    public static void check(TableMetadata table, Map<String, AttributeValue> item) {
        if (item == null) return;
        for (IndexMetadata index : table.indexes()) {
            if (index.status() == TableStatus.CREATING || index.status() == TableStatus.DELETING) continue;
            for (KeyAttribute a : index.keySchema().hash()) checkValue(index, a, item.get(a.name()), true);
            for (KeyAttribute a : index.keySchema().range()) checkValue(index, a, item.get(a.name()), false);
        }
    }

    private static void checkValue(IndexMetadata index, KeyAttribute a, AttributeValue v, boolean hash) {
        if (v == null) return;
        if (!a.type().matches(v)) {
            throw Errors.validation("One or more parameter values were invalid: Type mismatch for Index Key " + a.name()
                    + " Expected: " + a.type() + " Actual: " + v.type() + " IndexName: " + index.name());
        }
        if (isEmpty(v)) {
            throw Errors.validation("One or more parameter values are not valid. A value specified for a secondary index key "
                    + "is not supported. The AttributeValue for a key attribute cannot contain an empty "
                    + (v instanceof AttributeValue.S ? "string" : "binary") + " value. IndexName: " + index.name()
                    + ", IndexKey: " + a.name());
        }
        long size = v instanceof AttributeValue.S s ? ItemSize.utf8Length(s.value())
                : v instanceof AttributeValue.B b ? b.value().length() : 0;
        int max = hash ? PrimaryKeys.MAX_PARTITION_KEY_BYTES : PrimaryKeys.MAX_SORT_KEY_BYTES;
        if (size > max) {
            throw Errors.validation("One or more parameter values were invalid: Size limit exceeded for Index Key " + a.name()
                    + " Actual Size: " + size + " bytes Max Size: " + max + " bytes IndexName: " + index.name());
        }
    }

    /** True when the item may be indexed with this key (used by the backfill, which skips rather than refuses). */
    static boolean withinSizeLimits(IndexKey key) {
        for (AttributeValue v : key.hash()) if (length(v) > PrimaryKeys.MAX_PARTITION_KEY_BYTES) return false;
        for (AttributeValue v : key.range()) if (length(v) > PrimaryKeys.MAX_SORT_KEY_BYTES) return false;
        return true;
    }

    private static long length(AttributeValue v) {
        return v instanceof AttributeValue.S s ? ItemSize.utf8Length(s.value())
                : v instanceof AttributeValue.B b ? b.value().length() : 0;
    }

    private static boolean isEmpty(AttributeValue v) {
        return v instanceof AttributeValue.S s ? s.value().isEmpty() : v instanceof AttributeValue.B b && b.value().length() == 0;
    }
}
