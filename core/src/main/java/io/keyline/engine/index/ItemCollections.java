package io.keyline.engine.index;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.api.KeyRange;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.ReadView;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Item-collection sizes of tables with LSIs: for one partition key value, the sizes of its
 * items plus those of their LSI entries (DynamoDB's 10 GB item-collection limit, docs/RULES.md#LSI-ITEM-COLLECTION). A size is
 * computed from storage the first time a collection is written after start-up, then kept up to
 * date by the deltas of each write. A write that grows a collection past the limit is refused
 * with ItemCollectionSizeLimitExceededException; one that shrinks it is always allowed.
 *
 * <p>Thread-safe. Writes to different items of one collection may run concurrently: each
 * checks the limit against the size before it and adds its delta after committing, so two
 * concurrent growing writes may together pass the limit by at most one item each, which is
 * within DynamoDB's own "estimate".
 *
 * <p>{@link #largest} reports a table's largest collections (ItemCollectionSize, for the metrics
 * and the dashboard): it walks the sizes kept in memory, the collections written since start-up,
 * once per call (the sampler's, once a second), never storage.
 */
public final class ItemCollections {

    private final ReadView storage;
    private final long limitBytes;
    private final Map<ByteBuffer, Size> sizes = new ConcurrentHashMap<>();

    /** One collection's size, with its partition key for reports. */
    private static final class Size extends AtomicLong {
        final AttributeValue partitionKey;

        Size(AttributeValue partitionKey, long initial) {
            super(initial);
            this.partitionKey = partitionKey;
        }
    }

    /** A collection of a table: its partition key value and its size in bytes. */
    public record Collection(AttributeValue partitionKey, long bytes) {}

    /** The limit a collection may not grow past, in bytes (docs/RULES.md#LSI-ITEM-COLLECTION). */
    public long limitBytes() { return limitBytes; }

    /** The {@code n} largest collections of the table of keyspace {@code tableKeyspaceId} known since start-up, largest first. */
    public List<Collection> largest(long tableKeyspaceId, int n) {
        java.util.PriorityQueue<Collection> top = new java.util.PriorityQueue<>(java.util.Comparator.comparingLong(Collection::bytes));
        for (Map.Entry<ByteBuffer, Size> e : sizes.entrySet()) {
            if (e.getKey().getLong(0) != tableKeyspaceId) continue;
            long bytes = e.getValue().get();
            if (top.size() < n) top.add(new Collection(e.getValue().partitionKey, bytes));
            else if (n > 0 && bytes > top.peek().bytes()) {
                top.poll();
                top.add(new Collection(e.getValue().partitionKey, bytes));
            }
        }
        List<Collection> out = new java.util.ArrayList<>(top);
        out.sort(java.util.Comparator.comparingLong(Collection::bytes).reversed());
        return out;
    }

    public ItemCollections(ReadView storage, long limitBytes) {
        this.storage = storage;
        this.limitBytes = limitBytes;
    }

    /** The size change of a write: item sizes plus LSI entry sizes, new minus old. */
    public static long delta(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, List<IndexEntries.Delta> lsiDeltas,
                             TableMetadata table) {
        long d = ItemSize.of(newItem) - ItemSize.of(oldItem);
        for (IndexMetadata lsi : table.localIndexes()) {
            if (IndexKeys.of(lsi, oldItem) != null) d -= ItemSize.of(IndexEntries.project(table, lsi, oldItem));
            if (IndexKeys.of(lsi, newItem) != null) d += ItemSize.of(IndexEntries.project(table, lsi, newItem));
        }
        return d;
    }

    /** Refuses a growing write that would take the collection past the limit. */
    public void check(TableMetadata table, AttributeValue partitionKey, long delta) {
        if (delta <= 0) return;
        if (size(table, partitionKey) + delta > limitBytes) throw limitExceeded();
    }

    /** Records a committed write's delta. */
    public void record(TableMetadata table, AttributeValue partitionKey, long delta) {
        if (delta != 0) counter(table, partitionKey).addAndGet(delta);
    }

    /** The collection's size in bytes. */
    public long size(TableMetadata table, AttributeValue partitionKey) {
        return counter(table, partitionKey).get();
    }

    /** Forgets a dropped table's collections. */
    public void forget(long tableKeyspaceId) {
        sizes.keySet().removeIf(k -> k.getLong(0) == tableKeyspaceId);
    }

    public static ApiException limitExceeded() {
        return io.keyline.error.Errors.itemCollectionSizeLimitExceeded();
    }

    private AtomicLong counter(TableMetadata table, AttributeValue partitionKey) {
        ByteBuffer id = ByteBuffer.wrap(KeyCodec.partitionPrefix(table.keyspaceId(), partitionKey));
        return sizes.computeIfAbsent(id, k -> new Size(partitionKey, scan(table, partitionKey)));
    }

    private long scan(TableMetadata table, AttributeValue partitionKey) {
        long total = sum(KeyCodec.partitionRange(table.keyspaceId(), partitionKey));
        for (IndexMetadata lsi : table.localIndexes()) {
            byte[] prefix = KeyCodec.indexPrefix(lsi.keyspaceId(), List.of(partitionKey), List.of());
            total += sum(new KeyRange(prefix, Keyspaces.prefixEnd(prefix)));
        }
        return total;
    }

    private long sum(KeyRange range) {
        long total = 0;
        try (Cursor c = storage.range(range.start(), range.end(), false)) {
            while (c.next()) total += ItemSize.of(ItemCodec.decode(c.value()));
        }
        return total;
    }
}
