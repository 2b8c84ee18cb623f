package io.keyline.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A key schema: HASH attributes then RANGE attributes. A table or LSI has exactly one HASH and
 * at most one RANGE attribute; a GSI may have up to four of each (multi-attribute keys).
 * Immutable.
 */
public record KeySchema(List<KeyAttribute> hash, List<KeyAttribute> range) {
    public KeySchema {
        hash = List.copyOf(hash);
        range = List.copyOf(range);
    }

    public static KeySchema of(KeyAttribute partitionKey, KeyAttribute sortKey) {
        return new KeySchema(List.of(partitionKey), sortKey == null ? List.of() : List.of(sortKey));
    }

    /** The (first) partition key attribute. */
    public KeyAttribute partitionKey() { return hash.get(0); }

    /** The (first) sort key attribute, or null. */
    public KeyAttribute sortKey() { return range.isEmpty() ? null : range.get(0); }

    public boolean hasSortKey() { return !range.isEmpty(); }

    /** Every key attribute, HASH first. */
    public List<KeyAttribute> all() {
        List<KeyAttribute> out = new ArrayList<>(hash);
        out.addAll(range);
        return out;
    }

    public boolean isKeyAttribute(String name) {
        for (KeyAttribute a : hash) if (a.name().equals(name)) return true;
        for (KeyAttribute a : range) if (a.name().equals(name)) return true;
        return false;
    }
}
