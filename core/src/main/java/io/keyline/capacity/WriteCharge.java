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
 * <p>A request of several writes (a transaction) opens a request with {@link #beginRequest}:
 * until {@link #endRequest}, a partition that admitted one of its writes admits the rest, even
 * in debt, so the request is judged by the partitions' state before it and charged in full
 * (docs/RULES.md#CAP-PARTITION-INSTANT). A partition that splits meanwhile is judged afresh.
 *
 * <p>Mutable and reusable: keep one per thread and {@link #reset()} it per write, so the
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
    /** Partitions that admitted earlier writes of the open request; null entries past requestSize. */
    private Partition[] requestParts = new Partition[MAX_PARTS];
    private int requestSize;
    private boolean inRequest;

    /** Clears the parts of the last write; an open request stays open. */
    public WriteCharge reset() {
        for (int i = 0; i < size; i++) { maps[i] = null; parts[i] = null; layouts[i] = null; }
        size = 0;
        return this;
    }

    /** Units to take at (token, sort) of a map: the table's, or a GSI's, times the model's request weight. Zero units are skipped. */
    public WriteCharge add(PartitionMap map, long token, long sort, double u) {
        if (u <= 0) return this;
        if (size == MAX_PARTS) {
            throw new InternalFailure("charging a write to " + map.name(), "more than " + MAX_PARTS + " partitions in one write");
        }
        maps[size] = map;
        tokens[size] = token;
        sorts[size] = sort;
        units[size] = u * map.requestWeight();
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

    /** Opens a request of several writes (see the class note); any request left open is forgotten. */
    public void beginRequest() {
        clearRequest();
        inRequest = true;
    }

    /** Closes the request: each write is judged on its own again. */
    public void endRequest() {
        clearRequest();
        inRequest = false;
    }

    private void clearRequest() {
        java.util.Arrays.fill(requestParts, 0, requestSize, null);
        requestSize = 0;
    }

    /** Whether partition {@code p} of part {@code i} already admitted an earlier part of this write or request. */
    boolean admittedBefore(int i, Partition p) {
        return contains(parts, i, p) || contains(requestParts, requestSize, p);
    }

    /** Notes the partitions of an admitted write in the open request, if any. */
    void admitted() {
        if (!inRequest) return;
        for (int i = 0; i < size; i++) {
            if (admittedBefore(i, parts[i])) continue;
            if (requestSize == requestParts.length) requestParts = java.util.Arrays.copyOf(requestParts, requestSize * 2);
            requestParts[requestSize++] = parts[i];
        }
    }

    private static boolean contains(Partition[] a, int n, Partition p) {
        for (int j = 0; j < n; j++) if (a[j] == p) return true;
        return false;
    }

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
