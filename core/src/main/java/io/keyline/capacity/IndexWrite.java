package io.keyline.capacity;

import java.util.Map;
import io.keyline.model.AttributeValue;

/**
 * The index writes one base-table write causes in one index, by the before/after diff of
 * docs/RULES.md#CAP-INDEX-WRITE. {@code deleteUnits} are
 * charged where the old entry lives, {@code putUnits} where the new one goes: for a GSI these
 * can be two different partitions. Immutable.
 */
public record IndexWrite(Kind kind, double deleteUnits, double putUnits) {

    public enum Kind {
        /** Absent before and after, or nothing the index holds changed: 0 writes. */
        NONE,
        /** The item enters the index: 1 write. */
        PUT,
        /** The item leaves the index: 1 write. */
        DELETE,
        /** Key unchanged, a projected attribute changed: 1 write, in place. */
        UPDATE,
        /** Index key A → B: delete old + put new, 2 writes. */
        MOVE
    }

    public static final IndexWrite NONE = new IndexWrite(Kind.NONE, 0, 0);

    /** Total units charged to the index (GSI) or to the table (LSI, docs/RULES.md#CAP-INDEX-OWNER). */
    public double units() { return deleteUnits + putUnits; }

    /** Number of index writes: 0, 1 or 2. */
    public int writes() {
        switch (kind) {
            case NONE: return 0;
            case MOVE: return 2;
            default: return 1;
        }
    }

    /**
     * Diffs the before and after images of one item; {@code null} means absent. An in-place
     * update is sized on the larger of the old and new entries, as items are sized (inferred, docs/RULES.md#CAP-INDEX-WRITE).
     */
    public static IndexWrite of(IndexSpec index, Map<String, AttributeValue> oldItem,
                                Map<String, AttributeValue> newItem) {
        boolean before = index.indexes(oldItem);
        boolean after = index.indexes(newItem);
        return of(index, oldItem, newItem, before, before ? index.entrySize(oldItem) : 0,
                after, after ? index.entrySize(newItem) : 0);
    }

    /**
     * As {@link #of(IndexSpec, Map, Map)}, with whether each image is in the index and its
     * entry size already known (a caller that also places and records the entries works them
     * out once per write).
     */
    public static IndexWrite of(IndexSpec index, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                                boolean before, long oldEntryBytes, boolean after, long newEntryBytes) {
        boolean keyChanged = before && after && index.keyChanged(oldItem, newItem);
        boolean projectionChanged = before && after && !keyChanged && oldItem != newItem
                && index.projectionChanged(oldItem, newItem);
        return of(before, oldEntryBytes, after, newEntryBytes, keyChanged, projectionChanged);
    }

    /**
     * The diff itself, from what the caller knows of the two images: whether each is in the
     * index and its entry size, and, when both are, whether the index key changed
     * ({@link IndexSpec#keyChanged}) and otherwise whether a projected attribute did
     * ({@link IndexSpec#projectionChanged}). Both flags are ignored unless both images are in.
     */
    public static IndexWrite of(boolean before, long oldEntryBytes, boolean after, long newEntryBytes,
                                boolean keyChanged, boolean projectionChanged) {
        if (!before && !after) return NONE;
        if (!before) return new IndexWrite(Kind.PUT, 0, Units.indexWrite(newEntryBytes));
        if (!after) return new IndexWrite(Kind.DELETE, Units.indexWrite(oldEntryBytes), 0);
        if (keyChanged) {
            return new IndexWrite(Kind.MOVE, Units.indexWrite(oldEntryBytes), Units.indexWrite(newEntryBytes));
        }
        if (projectionChanged) {
            return new IndexWrite(Kind.UPDATE, 0, Units.indexWrite(Math.max(oldEntryBytes, newEntryBytes)));
        }
        return NONE;
    }
}
