package io.keyline.capacity;

/**
 * Accumulates the read cost of one Query or Scan page (docs/RULES.md#CAP-READ-PAGE): the sizes of the items evaluated
 * (before any filter or projection) are summed and rounded up once, every partition the page
 * touched costs at least one block, and items an LSI query fetches from the base table are
 * rounded up one by one and charged on top.
 *
 * <p>Mutable and not thread-safe: one meter per request; {@link #reset()} makes it reusable.
 */
public final class ReadMeter {
    private long evaluatedBytes;
    private long evaluatedItems;
    private int partitions;
    private long fetchedBlocks;

    /** An item (or index entry) the page read, whether or not the filter keeps it. */
    public ReadMeter evaluated(long bytes) {
        evaluatedBytes += bytes;
        evaluatedItems++;
        return this;
    }

    /** The page read from one more partition, even one that held nothing. */
    public ReadMeter touchedPartition() {
        partitions++;
        return this;
    }

    /** An LSI query fetched this base item to return unprojected attributes (docs/RULES.md#CAP-READ-LSI-FETCH). */
    public ReadMeter fetched(long baseItemBytes) {
        fetchedBlocks += Units.readBlocks(baseItemBytes);
        return this;
    }

    public long evaluatedBytes() { return evaluatedBytes; }

    public long evaluatedItems() { return evaluatedItems; }

    public int partitions() { return partitions; }

    /**
     * The units of the page: max(⌈Σ sizes / 4 KB⌉, partitions touched) plus the fetched items,
     * times the consistency factor. Taking the larger of the summed blocks and the partition
     * minimum (rather than adding a minimum per partition) is our reading (inferred, docs/RULES.md#CAP-READ-PARTITION-MINIMUM).
     */
    public double units(ReadConsistency consistency) {
        long blocks = Math.max(Units.ceilDiv(evaluatedBytes, Rules.READ_UNIT_BYTES), partitions);
        return (blocks + fetchedBlocks) * consistency.factor();
    }

    public void reset() {
        evaluatedBytes = 0;
        evaluatedItems = 0;
        partitions = 0;
        fetchedBlocks = 0;
    }
}
