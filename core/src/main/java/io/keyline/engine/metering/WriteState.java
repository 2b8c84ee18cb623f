package io.keyline.engine.metering;

import io.keyline.capacity.SortPosition;
import io.keyline.capacity.WriteCharge;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import java.util.Map;

/**
 * What one thread reuses from step to step of a write: it is priced and admitted
 * ({@link ItemCapacity#admitWrite}), stored, then recorded ({@link ItemCapacity#written}) on
 * one thread, and the last step reads what the first worked out: item sizes, the table key's
 * token and sort position, where each image sits in each GSI, and the partitions admission
 * found (in the {@link WriteCharge}). Each cache is keyed by identity of immutable objects or
 * checked by equality, so a miss only costs the work again and never changes a result.
 *
 * <p>Not thread-safe: one per thread (a ThreadLocal of {@link ItemCapacity}), fetched once per step.
 */
final class WriteState {
    private static final byte UNKNOWN = 0, SAME = 1, DIFFERENT = 2;

    final WriteCharge charge = new WriteCharge();
    final ItemSizes sizes = new ItemSizes();
    final IndexPlacements placements = new IndexPlacements();
    /** The table key values last priced or recorded, with their token and sort position. */
    private AttributeValue tableHash, tableRange;
    private long tableToken, tableSort;
    /** For the write being priced: whether its old and new item differ, once known. */
    private byte itemsDiffer;

    /** Starts pricing a write: an empty charge. */
    WriteState begin() {
        charge.reset();
        itemsDiffer = UNKNOWN;
        return this;
    }

    /** The token of a table partition key value (null: 0). */
    long tableToken(AttributeValue hash) {
        if (hash == null) return 0;
        if (hash != tableHash && !hash.equals(tableHash)) {
            tableToken = KeyCodec.token(hash);
            tableHash = hash;
        }
        return tableToken;
    }

    /** The sort position of a table sort key value (null: none). */
    long tableSort(AttributeValue range) {
        if (range == null) return SortPosition.NONE;
        if (range != tableRange && !range.equals(tableRange)) {
            tableSort = SortPosition.of(range);
            tableRange = range;
        }
        return tableSort;
    }

    /**
     * Whether the old and new item of the write being priced differ (both present), worked out
     * once per write: an ALL projection's entry changes exactly when the item does, for every
     * such GSI. Items of different sizes differ without comparing them.
     */
    boolean itemsDiffer(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        if (itemsDiffer == UNKNOWN) {
            itemsDiffer = sizes.of(oldItem) != sizes.of(newItem) || !oldItem.equals(newItem) ? DIFFERENT : SAME;
        }
        return itemsDiffer == DIFFERENT;
    }
}
