package io.keyline.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The table catalog: name → metadata. Reads are lock-free (a concurrent sorted map, so
 * ListTables pages in name order); changes to one table are serialized by the caller through
 * {@link #compareAndSet}.
 */
public final class Catalog {
    private final ConcurrentSkipListMap<String, TableMetadata> tables = new ConcurrentSkipListMap<>();

    /** The table's metadata, or null if there is no such table. */
    public TableMetadata get(String name) { return tables.get(name); }

    /** Adds a table; false if the name is taken. */
    public boolean create(TableMetadata table) { return tables.putIfAbsent(table.name(), table) == null; }

    /** Replaces {@code expected} with {@code updated}; false if the table changed meanwhile. */
    public boolean compareAndSet(TableMetadata expected, TableMetadata updated) {
        return tables.replace(expected.name(), expected, updated);
    }

    public boolean remove(TableMetadata table) { return tables.remove(table.name(), table); }

    /** Table names after {@code exclusiveStart} (null: from the first), in order, at most limit. */
    public List<String> names(String exclusiveStart, int limit) {
        List<String> out = new ArrayList<>();
        for (String n : exclusiveStart == null ? tables.keySet() : tables.tailMap(exclusiveStart, false).keySet()) {
            if (out.size() >= limit) break;
            out.add(n);
        }
        return out;
    }
}
