package io.keyline.capacity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity one request consumed on one table, split into the table itself, its LSIs and its
 * GSIs, and rendered in DynamoDB's {@code ConsumedCapacity} shape (API_ConsumedCapacity;
 * B.2 "ReturnConsumedCapacity=INDEXES shape" [obs, ALT-T-RCC]). Immutable; build one with
 * {@link #builder(String)}.
 *
 * @param table null when the request did not touch the table itself (a Query on an index)
 */
public record ConsumedCapacity(String tableName, Capacity table,
                               Map<String, Capacity> localSecondaryIndexes,
                               Map<String, Capacity> globalSecondaryIndexes) {

    /**
     * [inf] Whether ReadCapacityUnits / WriteCapacityUnits appear beside CapacityUnits (the API
     * reference lists them; whether the service fills them for every operation is unverified).
     */
    static final boolean RENDER_READ_WRITE_UNITS = true;

    /** Read and write units on one table or index (API_Capacity). */
    public record Capacity(double read, double write) {
        public static final Capacity ZERO = new Capacity(0, 0);

        public double units() { return read + write; }

        Capacity plus(double r, double w) { return new Capacity(read + r, write + w); }

        Map<String, Object> render() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("CapacityUnits", units());
            if (RENDER_READ_WRITE_UNITS && read != 0) out.put("ReadCapacityUnits", read);
            if (RENDER_READ_WRITE_UNITS && write != 0) out.put("WriteCapacityUnits", write);
            return out;
        }
    }

    /** The request's ReturnConsumedCapacity value. */
    public enum Level {
        NONE, TOTAL, INDEXES;

        /** Parses the wire value; null (absent) is NONE; an unknown value returns null for the caller to reject. */
        public static Level parse(String wire) {
            if (wire == null) return NONE;
            switch (wire) {
                case "NONE": return NONE;
                case "TOTAL": return TOTAL;
                case "INDEXES": return INDEXES;
                default: return null;
            }
        }
    }

    public ConsumedCapacity {
        localSecondaryIndexes = Collections.unmodifiableMap(new LinkedHashMap<>(localSecondaryIndexes));
        globalSecondaryIndexes = Collections.unmodifiableMap(new LinkedHashMap<>(globalSecondaryIndexes));
    }

    public static Builder builder(String tableName) { return new Builder(tableName); }

    public double readUnits() {
        double r = table == null ? 0 : table.read();
        for (Capacity c : localSecondaryIndexes.values()) r += c.read();
        for (Capacity c : globalSecondaryIndexes.values()) r += c.read();
        return r;
    }

    public double writeUnits() {
        double w = table == null ? 0 : table.write();
        for (Capacity c : localSecondaryIndexes.values()) w += c.write();
        for (Capacity c : globalSecondaryIndexes.values()) w += c.write();
        return w;
    }

    /** The total: table + every index (B.2 [obs]: "the total equal to their sum"). */
    public double units() { return readUnits() + writeUnits(); }

    /** Sum of two measurements of the same table (pages of one request, items of a batch). */
    public ConsumedCapacity plus(ConsumedCapacity other) {
        Builder b = toBuilder();
        if (other.table != null) b.table(other.table.read(), other.table.write());
        other.localSecondaryIndexes.forEach((n, c) -> b.localIndex(n, c.read(), c.write()));
        other.globalSecondaryIndexes.forEach((n, c) -> b.globalIndex(n, c.read(), c.write()));
        return b.build();
    }

    /** DynamoDB's JSON shape for this level, or null for NONE. Numbers are Doubles. */
    public Map<String, Object> render(Level level) {
        if (level == Level.NONE) return null;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("TableName", tableName);
        out.put("CapacityUnits", units());
        double r = readUnits(), w = writeUnits();
        if (RENDER_READ_WRITE_UNITS && r != 0) out.put("ReadCapacityUnits", r);
        if (RENDER_READ_WRITE_UNITS && w != 0) out.put("WriteCapacityUnits", w);
        if (level == Level.INDEXES) {
            if (table != null) out.put("Table", table.render());
            if (!localSecondaryIndexes.isEmpty()) out.put("LocalSecondaryIndexes", renderAll(localSecondaryIndexes));
            if (!globalSecondaryIndexes.isEmpty()) out.put("GlobalSecondaryIndexes", renderAll(globalSecondaryIndexes));
        }
        return out;
    }

    /** Batch and transaction operations return a list, one entry per table, in request order. */
    public static List<Object> renderList(List<ConsumedCapacity> perTable, Level level) {
        if (level == Level.NONE) return null;
        return perTable.stream().map(c -> (Object) c.render(level)).toList();
    }

    private static Map<String, Object> renderAll(Map<String, Capacity> byName) {
        Map<String, Object> out = new LinkedHashMap<>();
        byName.forEach((n, c) -> out.put(n, c.render()));
        return out;
    }

    private Builder toBuilder() {
        Builder b = new Builder(tableName);
        if (table != null) b.table(table.read(), table.write());
        localSecondaryIndexes.forEach((n, c) -> b.localIndex(n, c.read(), c.write()));
        globalSecondaryIndexes.forEach((n, c) -> b.globalIndex(n, c.read(), c.write()));
        return b;
    }

    /** Accumulates units for one table; not thread-safe. */
    public static final class Builder {
        private final String tableName;
        private Capacity table;
        private final Map<String, Capacity> lsi = new LinkedHashMap<>();
        private final Map<String, Capacity> gsi = new LinkedHashMap<>();

        private Builder(String tableName) { this.tableName = tableName; }

        public Builder table(double read, double write) {
            table = (table == null ? Capacity.ZERO : table).plus(read, write);
            return this;
        }

        public Builder localIndex(String name, double read, double write) {
            lsi.merge(name, new Capacity(read, write), (a, b) -> a.plus(b.read(), b.write()));
            return this;
        }

        public Builder globalIndex(String name, double read, double write) {
            gsi.merge(name, new Capacity(read, write), (a, b) -> a.plus(b.read(), b.write()));
            return this;
        }

        public ConsumedCapacity build() { return new ConsumedCapacity(tableName, table, lsi, gsi); }
    }
}
