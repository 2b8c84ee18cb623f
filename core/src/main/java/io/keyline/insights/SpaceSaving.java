package io.keyline.insights;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * <p>Layout: an indexed binary min-heap on count (arrays of keys, counts and errors) and a map
 * from key to heap slot. Not thread-safe: the owner synchronizes.
 *
 * @param <K> the contributor key (equals and hashCode by value)
 */
final class SpaceSaving<K> {
    /** One kept key: its estimated weight and how much of it may belong to keys it replaced. */
    record Counted<K>(K key, double count, double error) {}

    private final int capacity;
    private final Object[] keys;
    private final double[] counts;
    private final double[] errors;
    private final Map<K, Integer> slots;
    private int size;
    private double total;

    SpaceSaving(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity " + capacity);
        this.capacity = capacity;
        this.keys = new Object[capacity];
        this.counts = new double[capacity];
        this.errors = new double[capacity];
        this.slots = new HashMap<>(capacity * 2);
    }

    /** Adds {@code weight} (positive) to {@code key}. */
    void offer(K key, double weight) {
        total += weight;
        Integer at = slots.get(key);
        if (at != null) {
            counts[at] += weight;
            siftDown(at);
        } else if (size < capacity) {
            int i = size++;
            place(i, key, weight, 0);
            siftUp(i);
        } else {
            @SuppressWarnings("unchecked") K evicted = (K) keys[0];
            slots.remove(evicted);
            double floor = counts[0];
            place(0, key, floor + weight, floor);
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
    List<Counted<K>> entries() {
        List<Counted<K>> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            @SuppressWarnings("unchecked") K k = (K) keys[i];
            out.add(new Counted<>(k, counts[i], errors[i]));
        }
        return out;
    }

    private void place(int i, Object key, double count, double error) {
        keys[i] = key;
        counts[i] = count;
        errors[i] = error;
        @SuppressWarnings("unchecked") K k = (K) key;
        slots.put(k, i);
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (counts[parent] <= counts[i]) return;
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) return;
            int right = left + 1;
            int smallest = right < size && counts[right] < counts[left] ? right : left;
            if (counts[i] <= counts[smallest]) return;
            swap(i, smallest);
            i = smallest;
        }
    }

    private void swap(int a, int b) {
        Object k = keys[a]; keys[a] = keys[b]; keys[b] = k;
        double c = counts[a]; counts[a] = counts[b]; counts[b] = c;
        double e = errors[a]; errors[a] = errors[b]; errors[b] = e;
        @SuppressWarnings("unchecked") K ka = (K) keys[a];
        @SuppressWarnings("unchecked") K kb = (K) keys[b];
        slots.put(ka, a);
        slots.put(kb, b);
    }
}
