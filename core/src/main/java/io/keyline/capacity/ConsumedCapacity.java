package io.keyline.capacity;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The capacity one request consumed on one table, split into the table itself, its LSIs and its
 * GSIs (API_ConsumedCapacity; docs/RULES.md#CAP-CONSUMED-SHAPE). Plain data: the wire shape is
 * rendered by the operations' response layer ({@code io.keyline.op.response}). Build one with
 * {@link #builder(String)}.
 *
 * <p>Immutable. Every write builds one, and most requests never look inside it
 * (ReturnConsumedCapacity NONE is the default), so the per-index units are kept in small arrays
 * in the order the indexes were first added; the by-name maps of {@link #localSecondaryIndexes()}
 * and {@link #globalSecondaryIndexes()} are built only when asked for. Sums run in insertion
 * order, exactly as over the maps, so totals are the same doubles either way.
 */
public final class ConsumedCapacity {

    private final String tableName;
    private final Capacity table;
    private final Indexes lsi;
    private final Indexes gsi;

    /** Read and write units on one table or index (API_Capacity). */
    public record Capacity(double read, double write) {
        public static final Capacity ZERO = new Capacity(0, 0);

        public double units() { return read + write; }

        Capacity plus(double r, double w) { return new Capacity(read + r, write + w); }
    }

    /**
     * @param table null when the request did not touch the table itself (a Query on an index)
     */
    public ConsumedCapacity(String tableName, Capacity table, Map<String, Capacity> localSecondaryIndexes,
                            Map<String, Capacity> globalSecondaryIndexes) {
        this(tableName, table, Indexes.of(localSecondaryIndexes), Indexes.of(globalSecondaryIndexes));
    }

    private ConsumedCapacity(String tableName, Capacity table, Indexes lsi, Indexes gsi) {
        this.tableName = tableName;
        this.table = table;
        this.lsi = lsi;
        this.gsi = gsi;
    }

    public static Builder builder(String tableName) { return new Builder(tableName, 0); }

    /** A builder with room for {@code globalIndexes} GSI entries (a write on a table with that many). */
    public static Builder builder(String tableName, int globalIndexes) { return new Builder(tableName, globalIndexes); }

    public String tableName() { return tableName; }

    /** The table's own units, or null when the request did not touch the table itself. */
    public Capacity table() { return table; }

    /** Units by LSI name, in the order they were added. A new unmodifiable map on each call. */
    public Map<String, Capacity> localSecondaryIndexes() { return lsi.toMap(); }

    /** Units by GSI name, in the order they were added. A new unmodifiable map on each call. */
    public Map<String, Capacity> globalSecondaryIndexes() { return gsi.toMap(); }

    /** How many GSIs have units: the positions {@link #globalIndexName} and {@link #globalIndexUnits} take (no map built). */
    public int globalIndexCount() { return gsi.size; }

    /** The name of the {@code i}-th GSI in {@link #globalSecondaryIndexes()}' order. */
    public String globalIndexName(int i) { return gsi.names[i]; }

    /** Its read plus write units, as {@link Capacity#units()} of its entry. */
    public double globalIndexUnits(int i) { return gsi.read[i] + gsi.write[i]; }

    public double readUnits() {
        double r = table == null ? 0 : table.read();
        r = lsi.addReads(r);
        return gsi.addReads(r);
    }

    public double writeUnits() {
        double w = table == null ? 0 : table.write();
        w = lsi.addWrites(w);
        return gsi.addWrites(w);
    }

    /** The total: table + every index (docs/RULES.md#CAP-CONSUMED-SHAPE: the total equals their sum). */
    public double units() { return readUnits() + writeUnits(); }

    /** Sum of two measurements of the same table (pages of one request, items of a batch). */
    public ConsumedCapacity plus(ConsumedCapacity other) {
        Builder b = toBuilder();
        if (other.table != null) b.table(other.table.read(), other.table.write());
        for (int i = 0; i < other.lsi.size; i++) b.localIndex(other.lsi.names[i], other.lsi.read[i], other.lsi.write[i]);
        for (int i = 0; i < other.gsi.size; i++) b.globalIndex(other.gsi.names[i], other.gsi.read[i], other.gsi.write[i]);
        return b.build();
    }

    private Builder toBuilder() {
        Builder b = new Builder(tableName, 0);
        if (table != null) b.table(table.read(), table.write());
        b.lsi.copyFrom(lsi);
        b.gsi.copyFrom(gsi);
        return b;
    }

    @Override public boolean equals(Object o) {
        return o instanceof ConsumedCapacity c && tableName.equals(c.tableName) && Objects.equals(table, c.table)
                && localSecondaryIndexes().equals(c.localSecondaryIndexes())
                && globalSecondaryIndexes().equals(c.globalSecondaryIndexes());
    }

    @Override public int hashCode() {
        return Objects.hash(tableName, table, localSecondaryIndexes(), globalSecondaryIndexes());
    }

    @Override public String toString() {
        return "ConsumedCapacity[tableName=" + tableName + ", table=" + table + ", localSecondaryIndexes="
                + localSecondaryIndexes() + ", globalSecondaryIndexes=" + globalSecondaryIndexes() + "]";
    }

    /**
     * Units per index name, in first-added order: parallel arrays, of which the first
     * {@code size} entries are used. Mutable only inside a {@link Builder}; a built
     * ConsumedCapacity owns its instances and never changes them.
     */
    private static final class Indexes {
        private static final String[] NO_NAMES = {};
        private static final double[] NO_UNITS = {};
        static final Indexes EMPTY = new Indexes();

        String[] names = NO_NAMES;
        double[] read = NO_UNITS;
        double[] write = NO_UNITS;
        int size;

        static Indexes of(Map<String, Capacity> byName) {
            if (byName.isEmpty()) return EMPTY;
            Indexes out = new Indexes();
            byName.forEach((n, c) -> out.add(Objects.requireNonNull(n), c.read(), c.write()));
            return out;
        }

        /** Adds units to an index, merging with an earlier entry of the same name (as Capacity.plus). */
        void add(String name, double r, double w) {
            for (int i = 0; i < size; i++) {
                if (names[i].equals(name)) {
                    read[i] = read[i] + r;
                    write[i] = write[i] + w;
                    return;
                }
            }
            if (size == names.length) {
                int capacity = Math.max(4, size * 2);
                names = Arrays.copyOf(names, capacity);
                read = Arrays.copyOf(read, capacity);
                write = Arrays.copyOf(write, capacity);
            }
            names[size] = name;
            read[size] = r;
            write[size] = w;
            size++;
        }

        void reserve(int capacity) {
            names = new String[capacity];
            read = new double[capacity];
            write = new double[capacity];
        }

        void copyFrom(Indexes other) {
            if (other.size == 0) return;
            names = Arrays.copyOf(other.names, other.size);
            read = Arrays.copyOf(other.read, other.size);
            write = Arrays.copyOf(other.write, other.size);
            size = other.size;
        }

        double addReads(double sum) {
            for (int i = 0; i < size; i++) sum += read[i];
            return sum;
        }

        double addWrites(double sum) {
            for (int i = 0; i < size; i++) sum += write[i];
            return sum;
        }

        Map<String, Capacity> toMap() {
            if (size == 0) return Map.of();
            Map<String, Capacity> out = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) out.put(names[i], new Capacity(read[i], write[i]));
            return Collections.unmodifiableMap(out);
        }
    }

    /** Accumulates units for one table; not thread-safe. Each {@link #build} takes a snapshot. */
    public static final class Builder {
        private final String tableName;
        private Capacity table;
        private Indexes lsi = new Indexes();
        private Indexes gsi = new Indexes();
        /** Whether a built ConsumedCapacity shares lsi and gsi: the next change copies them first. */
        private boolean shared;

        private Builder(String tableName, int globalIndexes) {
            this.tableName = tableName;
            if (globalIndexes > 0) gsi.reserve(globalIndexes);
        }

        public Builder table(double read, double write) {
            table = (table == null ? Capacity.ZERO : table).plus(read, write);
            return this;
        }

        public Builder localIndex(String name, double read, double write) {
            unshare();
            lsi.add(name, read, write);
            return this;
        }

        public Builder globalIndex(String name, double read, double write) {
            unshare();
            gsi.add(name, read, write);
            return this;
        }

        public ConsumedCapacity build() {
            shared = true;
            return new ConsumedCapacity(tableName, table, lsi.size == 0 ? Indexes.EMPTY : lsi,
                    gsi.size == 0 ? Indexes.EMPTY : gsi);
        }

        private void unshare() {
            if (!shared) return;
            Indexes l = new Indexes(), g = new Indexes();
            l.copyFrom(lsi);
            g.copyFrom(gsi);
            lsi = l;
            gsi = g;
            shared = false;
        }
    }
}
