package io.keyline.engine.catalog;

import io.keyline.engine.codec.KeyCodec;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.KeyAttribute;
import io.keyline.model.ScalarType;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.PartitionLayout;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The storage's {@link PartitionLayout} as the catalog knows it (docs/CLUSTER.md, "Layout"): a
 * keyspace is partitioned when it is a table's or an index's (LSI and GSI), and its partition
 * key is that table's or index's hash attributes, encoded by {@link KeyCodec}. Keyspace ids are
 * never reused, so what is found for one is kept for good (a dropped table's keyspace stays
 * partitioned for the range delete that empties it); an id not found is looked up again next
 * time, because a table may have been created since. Keyspace 0 (the catalog's) never is.
 *
 * <p>Thread-safe; reads the catalog's records as they are, without resolving statuses (no
 * storage access, so the storage may call it at any time, the catalog's loading included).
 */
final class CatalogPartitionLayout implements PartitionLayout {
    private final Supplier<List<TableMetadata>> records;
    private final Map<Long, List<ScalarType>> hashTypes = new ConcurrentHashMap<>();

    CatalogPartitionLayout(Supplier<List<TableMetadata>> records) {
        this.records = records;
    }

    @Override public boolean partitioned(long keyspaceId) { return hashTypes(keyspaceId) != null; }

    @Override public int partitionKeyEnd(byte[] key) {
        if (key.length <= KeyCodec.HEADER_BYTES) return -1;
        long keyspaceId = 0;
        for (int i = 0; i < Keyspaces.PREFIX_LENGTH; i++) keyspaceId = (keyspaceId << 8) | (key[i] & 0xff);
        List<ScalarType> types = hashTypes(keyspaceId);
        return types == null ? -1 : KeyCodec.partitionKeyEnd(key, types);
    }

    private List<ScalarType> hashTypes(long keyspaceId) {
        if (keyspaceId == Keyspaces.CATALOG) return null;
        List<ScalarType> known = hashTypes.get(keyspaceId);
        if (known != null) return known;
        for (TableMetadata t : records.get()) {
            if (t.keyspaceId() == keyspaceId) return remember(keyspaceId, t.keySchema().hash());
            for (IndexMetadata i : t.indexes()) {
                if (i.keyspaceId() == keyspaceId) return remember(keyspaceId, i.keySchema().hash());
            }
        }
        return null;
    }

    private List<ScalarType> remember(long keyspaceId, List<KeyAttribute> hash) {
        List<ScalarType> types = hash.stream().map(KeyAttribute::type).toList();
        hashTypes.put(keyspaceId, types);
        return types;
    }
}
