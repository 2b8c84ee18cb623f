package io.keyline.engine.catalog;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Item count and raw item bytes of one table or index keyspace, kept exact on every write
 * (DynamoDB refreshes its figures every six hours; an exact figure is one of the values it may
 * show). Thread-safe: two atomic counters, so a reader may see one write's item delta without
 * its byte delta, which is within DynamoDB's own vagueness.
 */
public final class TableStatistics {
    /**
     * docs/RULES.md#SIZE-STORAGE: storage is the raw item bytes plus 100 bytes of overhead per
     * item or index entry. That TableSizeBytes includes it is our inference.
     */
    public static final long STORAGE_OVERHEAD_BYTES_PER_ITEM = 100;

    private final AtomicLong items = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private volatile Boolean backfilling;

    /** For a GSI being created: whether its backfill is running; null for anything else. */
    public Boolean backfilling() { return backfilling; }

    public void setBackfilling(Boolean b) { backfilling = b; }

    /**
     * Records a write: {@code itemDelta} is +1 for a new item, -1 for a deleted one, 0 for a
     * replacement; {@code bytesDelta} is the change of {@code ItemSize.of(item)}.
     */
    public void record(long itemDelta, long bytesDelta) {
        if (itemDelta != 0) items.addAndGet(itemDelta);
        if (bytesDelta != 0) bytes.addAndGet(bytesDelta);
    }

    /** ItemCount as DynamoDB reports it (never negative). */
    public long itemCount() { return Math.max(0, items.get()); }

    /** The raw bytes of the items, without storage overhead. */
    public long itemBytes() { return Math.max(0, bytes.get()); }

    /** TableSizeBytes / IndexSizeBytes: item bytes plus the per-item storage overhead. */
    public long sizeBytes() { return itemBytes() + itemCount() * STORAGE_OVERHEAD_BYTES_PER_ITEM; }
}
