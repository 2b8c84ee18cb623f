package io.keyline.capacity;

import io.keyline.error.InternalFailure;

/**
 * The capacity one write needs everywhere it lands: the base table's partition (with any LSI
 * units, which the table pays, docs/RULES.md#CAP-INDEX-OWNER) and every GSI partition the index diff touches (a moved GSI
 * entry touches two). Admitted all or nothing by {@link TableCapacity#admitWrite} (GSI
 * back-pressure, docs/RULES.md#GSI-BACK-PRESSURE).
 *
 * <p>Admission also notes where each part landed (the partition and the map layout it was
 * found in), so that recording the stored write's sizes afterwards ({@link PartitionMap#recordSize})
 * can skip the search while the layout is unchanged.
 *
 * <p>Mutable and reusable: keep one per thread and {@link #reset()} it per request, so the
 * admission path allocates nothing. Not thread-safe.
 */
public final class WriteCharge {
    /** One base entry and two per GSI (delete + put) for DynamoDB's 20 GSIs (docs/RULES.md#INDEX-COUNTS). */
    static final int MAX_PARTS = 1 + 2 * 20;

    final PartitionMap[] maps = new PartitionMap[MAX_PARTS];
    final long[] tokens = new long[MAX_PARTS];
    final long[] sorts = new long[MAX_PARTS];
    final double[] units = new double[MAX_PARTS];
    /** Where admission found each part: the partition, and the map's layout it was found in (else null). */
    final Partition[] parts = new Partition[MAX_PARTS];
    final Object[] layouts = new Object[MAX_PARTS];
    int size;

    public WriteCharge reset() {
        for (int i = 0; i < size; i++) { maps[i] = null; parts[i] = null; layouts[i] = null; }
        size = 0;
        return this;
    }

    /** Units to take at (token, sort) of a map: the table's, or a GSI's. Zero units are skipped. */
    public WriteCharge add(PartitionMap map, long token, long sort, double u) {
        if (u <= 0) return this;
        if (size == MAX_PARTS) {
            throw new InternalFailure("charging a write to " + map.name(), "more than " + MAX_PARTS + " partitions in one write");
        }
        maps[size] = map;
        tokens[size] = token;
        sorts[size] = sort;
        units[size] = u;
        size++;
        return this;
    }

    /**
     * The writes one index diff causes in a GSI: the delete where the old entry lives, the put
     * (or in-place update) where the new one goes. {@code old*} are ignored for a PUT and
     * {@code new*} for a DELETE; for an UPDATE both name the same entry.
     */
    public WriteCharge index(PartitionMap gsi, IndexWrite write, long oldToken, long oldSort, long newToken, long newSort) {
        add(gsi, oldToken, oldSort, write.deleteUnits());
        return add(gsi, newToken, newSort, write.putUnits());
    }

    public int size() { return size; }

    /**
     * The partition admission found for (token, sort) of {@code map} while the map's layout was
     * {@code layout}, or null. Layouts are immutable, so that partition is still the one holding
     * (token, sort) as long as the map's current layout is the same object.
     */
    Partition located(PartitionMap map, Object layout, long token, long sort) {
        for (int i = 0; i < size; i++) {
            if (maps[i] == map && layouts[i] == layout && tokens[i] == token && sorts[i] == sort) return parts[i];
        }
        return null;
    }
}
