package io.keyline.insights;

import java.util.ArrayList;
import java.util.List;

/**
 * The heaviest contributors of a weighted stream in bounded memory: the space-saving algorithm
 * (Metwally, Agrawal and El Abbadi, "Efficient computation of frequent and top-k elements in data
 * streams", ICDT 2005), weighted. At most {@code capacity} keys are kept, each with a count and
 * the error it may carry; a new key arriving when all slots are taken replaces the key with the
 * smallest count and inherits that count as its error.
 *
 * <p>Why space-saving rather than count-min with a heap: it answers "which keys, and how much"
 * from one structure of {@code capacity} entries, its counts never undercount, its bound is
 * deterministic (count-min's is probabilistic and needs the heap beside it to name the keys),
 * and one update is a hash lookup plus a short sift in a heap of {@code capacity} entries.
 *
 * <p>Bound (Metwally et al., lemmas 3.3-3.5, which hold for weights too): with total weight
 * {@code N} offered, every kept key's {@code count} satisfies
 * {@code true <= count <= true + error} and {@code error <= min count <= N / capacity}; any key
 * whose true weight exceeds {@code N / capacity} is kept. So the top keys are exact whenever their
 * weights stand more than {@code N / capacity} apart from the rest.
 *
 * <p>Layout, chosen so that an update touches few cache lines and allocates nothing: the kept
 * keys form a binary min-heap on count held in parallel arrays by heap slot (key, its hash,
 * count, error), and an open-addressing index (linear probing, {@code int}s: heap slot + 1, 0 for
 * empty) finds a key's slot by its hash, comparing a key only when the hashes match. Each slot
 * knows its place in the index, so a sift updates the index in O(1) per step. An update is then
 * one probe of the index (O(1) expected; the index is at most a quarter full) plus a sift, which
 * is O(1) for the common cases: a heavy key (a leaf, or near) gaining weight, and a light key
 * replacing the minimum in a stream whose counts differ (it stops at the first child not
 * lighter); at worst it is the heap's height, 8 steps for 256 keys. Ties are broken exactly as a
 * heap of entries would (same comparisons), so the kept keys do not depend on the layout.
 * Not thread-safe: the owner synchronizes.
 *
 * @param <K> the contributor key (equals and hashCode by value; a cached hashCode helps)
 */
final class SpaceSaving<K> {
    /** One kept key: its estimated weight and how much of it may belong to keys it replaced. */
    record Counted<K>(K key, double count, double error) {}

    private final int capacity;
    // The heap, by slot.
    private final Object[] keys;
    private final int[] hashes;
    private final double[] counts;
    private final double[] errors;
    /** Where each slot's key sits in {@link #index}. */
    private final int[] indexPosition;
    /** Open addressing: heap slot + 1 of the key whose probe sequence passes here, 0 for none. */
    private final int[] index;
    private final int indexShift;
    private int size;
    private double total;

    SpaceSaving(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity " + capacity);
        this.capacity = capacity;
        this.keys = new Object[capacity];
        this.hashes = new int[capacity];
        this.counts = new double[capacity];
        this.errors = new double[capacity];
        this.indexPosition = new int[capacity];
        int indexSize = Integer.highestOneBit(Math.max(4, capacity * 4 - 1)) << 1; // a power of two, at least 4 × capacity
        this.index = new int[indexSize];
        this.indexShift = 32 - Integer.numberOfTrailingZeros(indexSize);
    }

    /** Adds {@code weight} (positive) to {@code key}. */
    void offer(K key, double weight) {
        total += weight;
        int hash = key.hashCode();
        int slot = find(key, hash);
        if (slot >= 0) {
            counts[slot] += weight;
            siftDown(slot);
        } else if (size < capacity) {
            slot = size++;
            keys[slot] = key;
            hashes[slot] = hash;
            counts[slot] = weight;
            errors[slot] = 0;
            insert(slot);
            siftUp(slot);
        } else {
            // Replace the lightest key: the newcomer inherits its count as its error.
            unindex(0);
            keys[0] = key;
            hashes[0] = hash;
            errors[0] = counts[0];
            counts[0] += weight;
            insert(0);
            siftDown(0);
        }
    }

    /** Total weight offered. */
    double total() { return total; }

    /** Whether every slot is taken (then a key not kept may have weighed up to {@link #minCount}). */
    boolean full() { return size == capacity; }

    /** The smallest kept count, 0 when not full: the most a key not kept can weigh. */
    double minCount() { return full() ? counts[0] : 0; }

    int capacity() { return capacity; }

    /** Every kept key with its count and error, in no particular order. */
    @SuppressWarnings("unchecked")
    List<Counted<K>> entries() {
        List<Counted<K>> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) out.add(new Counted<>((K) keys[i], counts[i], errors[i]));
        return out;
    }

    // ---- the heap ---------------------------------------------------------------------------------

    private void siftUp(int i) {
        Object key = keys[i];
        int hash = hashes[i], position = indexPosition[i];
        double count = counts[i], error = errors[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (counts[parent] <= count) break;
            move(parent, i);
            i = parent;
        }
        place(i, key, hash, count, error, position);
    }

    private void siftDown(int i) {
        Object key = keys[i];
        int hash = hashes[i], position = indexPosition[i];
        double count = counts[i], error = errors[i];
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) break;
            int right = left + 1;
            int smallest = right < size && counts[right] < counts[left] ? right : left;
            if (count <= counts[smallest]) break;
            move(smallest, i);
            i = smallest;
        }
        place(i, key, hash, count, error, position);
    }

    /** Moves the key at slot {@code from} to slot {@code to}, and its index entry with it. */
    private void move(int from, int to) {
        place(to, keys[from], hashes[from], counts[from], errors[from], indexPosition[from]);
    }

    private void place(int slot, Object key, int hash, double count, double error, int position) {
        keys[slot] = key;
        hashes[slot] = hash;
        counts[slot] = count;
        errors[slot] = error;
        indexPosition[slot] = position;
        index[position] = slot + 1;
    }

    // ---- the index -----------------------------------------------------------------------------------

    /** Where a hash's probe sequence starts: Fibonacci hashing, so close hashes spread out. */
    private int home(int hash) { return (hash * 0x9E3779B9) >>> indexShift; }

    /** The heap slot of {@code key}, or -1. */
    private int find(K key, int hash) {
        int mask = index.length - 1;
        for (int i = home(hash); index[i] != 0; i = (i + 1) & mask) {
            int slot = index[i] - 1;
            if (hashes[slot] == hash && key.equals(keys[slot])) return slot;
        }
        return -1;
    }

    /** Indexes the key at {@code slot} (not yet indexed). */
    private void insert(int slot) {
        int mask = index.length - 1;
        int i = home(hashes[slot]);
        while (index[i] != 0) i = (i + 1) & mask;
        index[i] = slot + 1;
        indexPosition[slot] = i;
    }

    /** Removes the index entry of the key at {@code slot}, shifting back the entries after it (no tombstones). */
    private void unindex(int slot) {
        int mask = index.length - 1;
        int hole = indexPosition[slot];
        for (int j = (hole + 1) & mask; index[j] != 0; j = (j + 1) & mask) {
            int moved = index[j] - 1;
            int home = home(hashes[moved]);
            // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
            boolean homeBetween = hole <= j ? home > hole && home <= j : home > hole || home <= j;
            if (homeBetween) continue;
            index[hole] = index[j];
            indexPosition[moved] = hole;
            hole = j;
        }
        index[hole] = 0;
    }
}
