package io.keyline.insights;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * A contributor as the sketches keep it: the key values as CloudWatch shows them (partition key,
 * or partition and sort key), a {@code List<String>} by {@link java.util.List}'s equality over
 * an array it owns, with its hash computed once: a sketch hashes a key on every offer and again
 * when it evicts it, by then long out of cache. Immutable.
 */
final class ContributorKey extends AbstractList<String> implements RandomAccess {
    private final String[] values;
    private final int hash;

    /** Takes {@code values} as it is: the caller hands it over and never changes it. */
    ContributorKey(String[] values) {
        this.values = values;
        int h = 1;
        for (String v : values) h = 31 * h + v.hashCode();
        this.hash = h;
    }

    @Override public String get(int i) { return values[i]; }

    @Override public int size() { return values.length; }

    @Override public int hashCode() { return hash; }

    @Override public boolean equals(Object o) {
        if (o instanceof ContributorKey k) return hash == k.hash && Arrays.equals(values, k.values);
        return super.equals(o);
    }
}
