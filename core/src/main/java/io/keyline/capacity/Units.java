package io.keyline.capacity;

/**
 * Capacity units for each kind of request, exactly as DynamoDB prices them (docs/RULES.md, CAP-READ- and CAP-WRITE- entries). Sizes are
 * billing sizes from {@link io.keyline.model.ItemSize}; a size of {@code -1} never appears here,
 * missing items have their own methods. Stateless.
 */
public final class Units {
    private Units() {}

    /** Number of 4 KB blocks, at least one (docs/RULES.md#CAP-READ-UNIT: "rounded up to the next 4 KB"). */
    public static long readBlocks(long bytes) {
        return Math.max(1, ceilDiv(bytes, Rules.READ_UNIT_BYTES));
    }

    /** Number of 1 KB blocks, at least one (docs/RULES.md#CAP-WRITE-UNIT). */
    public static long writeBlocks(long bytes) {
        return Math.max(1, ceilDiv(bytes, Rules.WRITE_UNIT_BYTES));
    }

    /** GetItem: the item rounded up to 4 KB (docs/RULES.md#CAP-READ-UNIT). */
    public static double getItem(long itemBytes, ReadConsistency consistency) {
        return readBlocks(itemBytes) * consistency.factor();
    }

    /** GetItem of a missing item (docs/RULES.md#CAP-READ-MISSING): 1 (strong), 0.5 (eventual), 2 (transactional). */
    public static double getMissingItem(ReadConsistency consistency) {
        return Rules.MISSING_ITEM_READ_UNITS * consistency.factor();
    }

    /** BatchGetItem (docs/RULES.md#CAP-READ-BATCH): every item rounded up on its own, then summed; missing keys cost as GetItem's. */
    public static double batchGet(long[] itemBytes, ReadConsistency consistency) {
        long blocks = 0;
        for (long b : itemBytes) blocks += b < 0 ? 1 : readBlocks(b);
        return blocks * consistency.factor();
    }

    /** PutItem / UpdateItem (docs/RULES.md#CAP-WRITE-LARGER-IMAGE): the larger of the old and new item; {@code oldBytes} 0 when absent. */
    public static double write(long oldBytes, long newBytes, boolean transactional) {
        return writeBlocks(Math.max(oldBytes, newBytes)) * (transactional ? Rules.TRANSACTIONAL_FACTOR : 1.0);
    }

    /** DeleteItem (docs/RULES.md#CAP-WRITE-DELETE): the deleted item's size; a missing item costs 1. */
    public static double delete(long oldBytes, boolean transactional) {
        double units = oldBytes <= 0 ? Rules.MISSING_ITEM_DELETE_UNITS : writeBlocks(oldBytes);
        return units * (transactional ? Rules.TRANSACTIONAL_FACTOR : 1.0);
    }

    /**
     * Failed conditional write (docs/RULES.md#CAP-WRITE-FAILED-CONDITION): an existing item is
     * charged on an item's size, a missing item costs 1. AWS says "depends on the size of the
     * item"; we read it as the new item's size, which callers pass as {@code itemBytes} (for a
     * delete, the existing item).
     */
    public static double failedCondition(boolean itemExisted, long itemBytes, boolean transactional) {
        double units = itemExisted ? writeBlocks(itemBytes) : Rules.FAILED_CONDITION_NEW_ITEM_UNITS;
        return units * (transactional ? Rules.TRANSACTIONAL_FACTOR : 1.0);
    }

    /** BatchWriteItem (docs/RULES.md#CAP-WRITE-BATCH): each put or delete rounded up on its own, then summed. */
    public static double batchWrite(long[] itemBytes) {
        long blocks = 0;
        for (long b : itemBytes) blocks += writeBlocks(b);
        return blocks;
    }

    /** docs/RULES.md#CAP-INDEX-ENTRY: one index write of an entry of this size (LSI and GSI alike). */
    public static double indexWrite(long entryBytes) {
        return writeBlocks(entryBytes);
    }

    static long ceilDiv(long x, long y) {
        return x <= 0 ? 0 : (x + y - 1) / y;
    }
}
