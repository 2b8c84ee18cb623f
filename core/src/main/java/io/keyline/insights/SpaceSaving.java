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
 * <p>Layout: a binary min-heap on count of mutable entries that know their heap slot, and a map
 * from key to entry, so a sift moves references and an eviction costs one map removal and one
 * insertion. Not thread-safe: the owner synchronizes.
 *
 * @param <K> the contributor key (equals and hashCode by value)
 */
final class SpaceSaving<K> {
    /** One kept key: its estimated weight and how much of it may belong to keys it replaced. */
    record Counted<K>(K key, double count, double error) {}

    private static final class Entry<K> {
        K key;
        double count;
        double error;
        int slot;
    }

    private final int capacity;
    private final Entry<K>[] heap;
    private final Map<K, Entry<K>> entries;
    private int size;
    private double total;

    @SuppressWarnings("unchecked")
    SpaceSaving(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity " + capacity);
        this.capacity = capacity;
        this.heap = new Entry[capacity];
        this.entries = new HashMap<>(capacity * 2);
    }

    /** Adds {@code weight} (positive) to {@code key}. */
    void offer(K key, double weight) {
        total += weight;
        Entry<K> e = entries.get(key);
        if (e != null) {
            e.count += weight;
            siftDown(e.slot);
        } else if (size < capacity) {
            e = new Entry<>();
            e.key = key;
            e.count = weight;
            e.slot = size;
            heap[size++] = e;
            entries.put(key, e);
            siftUp(e.slot);
        } else {
            e = heap[0];
            entries.remove(e.key);
            e.key = key;
            e.error = e.count;
            e.count += weight;
            entries.put(key, e);
            siftDown(0);
        }
    }

    /** Total weight offered. */
    double total() { return total; }

    /** Whether every slot is taken (then a key not kept may have weighed up to {@link #minCount}). */
    boolean full() { return size == capacity; }

    /** The smallest kept count, 0 when not full: the most a key not kept can weigh. */
    double minCount() { return full() ? heap[0].count : 0; }

    int capacity() { return capacity; }

    /** Every kept key with its count and error, in no particular order. */
    List<Counted<K>> entries() {
        List<Counted<K>> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) out.add(new Counted<>(heap[i].key, heap[i].count, heap[i].error));
        return out;
    }

    private void siftUp(int i) {
        Entry<K> e = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent].count <= e.count) break;
            move(heap[parent], i);
            i = parent;
        }
        move(e, i);
    }

    private void siftDown(int i) {
        Entry<K> e = heap[i];
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) break;
            int right = left + 1;
            int smallest = right < size && heap[right].count < heap[left].count ? right : left;
            if (e.count <= heap[smallest].count) break;
            move(heap[smallest], i);
            i = smallest;
        }
        move(e, i);
    }

    private void move(Entry<K> e, int slot) {
        heap[slot] = e;
        e.slot = slot;
    }
}
