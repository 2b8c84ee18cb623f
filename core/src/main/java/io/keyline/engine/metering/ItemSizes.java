package io.keyline.engine.metering;

import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import java.util.Map;

/**
 * The last two items one thread sized (docs/RULES.md#SIZE-ITEM): a write sizes its old and new item when it is
 * priced, again when its GSI entries are placed and when it is recorded ({@link ItemCapacity#written})
 * and counted in the table's statistics, all on one thread, so every time after the first is
 * free. Items are immutable maps, compared by identity.
 *
 * <p>Not thread-safe: one per thread, inside {@link WriteState}.
 */
final class ItemSizes {
    private Object first, second;
    private long firstBytes, secondBytes;

    /** DynamoDB's size of the item, 0 for none. */
    long of(Map<String, AttributeValue> item) {
        if (item == null) return 0;
        if (item == first) return firstBytes;
        if (item == second) return secondBytes;
        long bytes = ItemSize.of(item);
        second = first;
        secondBytes = firstBytes;
        first = item;
        firstBytes = bytes;
        return bytes;
    }
}
