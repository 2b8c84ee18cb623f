package io.keyline.engine.index;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The index-maintenance function (DESIGN.md "Indexes"): from an item's old and new images (null
 * = absent) the entries of one index to delete and to put. An entry's stored key is
 * {@link KeyCodec#indexKey} in the index's keyspace (index hash tuple, range tuple, then the
 * base key, so equal index keys of different items never collide); its value is the projected
 * item (table key, index key and the projected attributes) in {@code ItemCodec} form. An LSI is
 * the same shape with the table's partition key as its hash part. Stateless; pure.
 */
public final class IndexEntries {
    private IndexEntries() {}

    /** One entry to store: its key and its projected item. */
    public record Put(byte[] key, Map<String, AttributeValue> entry) {}

    /** What one write does to one index. Empty lists when the index is untouched. */
    public record Delta(IndexMetadata index, List<byte[]> deletes, List<Put> puts) {
        public boolean isEmpty() { return deletes.isEmpty() && puts.isEmpty(); }
    }

    /**
     * The one maintenance function. A key change is a delete and a put; a change of projected
     * attributes only is a put over the same key; anything else touches nothing.
     */
    public static Delta update(TableMetadata table, IndexMetadata index,
                               Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        byte[] oldKey = storageKey(table, index, oldItem);
        byte[] newKey = storageKey(table, index, newItem);
        List<byte[]> deletes = new ArrayList<>(1);
        List<Put> puts = new ArrayList<>(1);
        if (oldKey != null && (newKey == null || !Arrays.equals(oldKey, newKey))) deletes.add(oldKey);
        if (newKey != null) {
            Map<String, AttributeValue> entry = project(table, index, newItem);
            boolean unchanged = oldKey != null && Arrays.equals(oldKey, newKey) && entry.equals(project(table, index, oldItem));
            if (!unchanged) puts.add(new Put(newKey, entry));
        }
        return new Delta(index, deletes, puts);
    }

    /** The stored key of the item's entry in the index, or null when the item is not in it. */
    public static byte[] storageKey(TableMetadata table, IndexMetadata index, Map<String, AttributeValue> item) {
        IndexKeys.IndexKey key = IndexKeys.of(index, item);
        if (key == null) return null;
        AttributeValue pk = item.get(table.keySchema().partitionKey().name());
        AttributeValue sk = table.keySchema().hasSortKey() ? item.get(table.keySchema().sortKey().name()) : null;
        return KeyCodec.indexKey(index.keyspaceId(), key.hash(), key.range(), pk, sk);
    }

    /** What the index holds of the item: the table key, the index key, and the projected attributes. */
    public static Map<String, AttributeValue> project(TableMetadata table, IndexMetadata index, Map<String, AttributeValue> item) {
        if (index.projection().type() == ProjectionType.ALL) return item;
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            if (isProjected(table, index, e.getKey())) out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    /** True when the index holds attribute {@code name} of its items. */
    public static boolean isProjected(TableMetadata table, IndexMetadata index, String name) {
        if (index.projection().type() == ProjectionType.ALL) return true;
        if (table.keySchema().isKeyAttribute(name) || index.keySchema().isKeyAttribute(name)) return true;
        return index.projection().type() == ProjectionType.INCLUDE && index.projection().nonKeyAttributes().contains(name);
    }

    /** The attributes every entry of the index has: the table's and the index's key attributes. */
    public static List<String> keyAttributeNames(TableMetadata table, IndexMetadata index) {
        List<String> out = new ArrayList<>();
        for (KeyAttribute a : table.keySchema().all()) out.add(a.name());
        for (KeyAttribute a : index.keySchema().all()) if (!out.contains(a.name())) out.add(a.name());
        return out;
    }
}
