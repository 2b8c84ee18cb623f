package io.keyline.insights;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The heaviest keys of one rule over a sliding window: a ring of {@link SpaceSaving} sketches,
 * one per time bucket of {@code bucket} length on the caller's clock, the oldest reused when time
 * moves past it. A window is read by merging the buckets it covers (rounded up to whole
 * buckets). Memory is bounded by {@code buckets × keysPerBucket} entries.
 *
 * <p>Merged bound: a key's reported value is the sum of its counts in the buckets that kept it
 * plus, for each full bucket that did not keep it, that bucket's smallest count (the most it can
 * have weighed there); its error adds those smallest counts to the errors of the buckets that
 * kept it. So, as in one sketch, the true weight lies in {@code [value - error, value]} with
 * {@code error <= N / keysPerBucket} for total window weight N.
 *
 * <p>Threading: thread-safe; every method holds this object's monitor (one per rule per
 * resource, so only requests to the same resource contend).
 */
final class SlidingTopKeys {
    private final long bucketMillis;
    private final int keysPerBucket;
    private final SpaceSaving<List<String>>[] sketches;
    private final long[] bucketOf;

    @SuppressWarnings("unchecked")
    SlidingTopKeys(Duration bucket, int buckets, int keysPerBucket) {
        this.bucketMillis = bucket.toMillis();
        this.keysPerBucket = keysPerBucket;
        this.sketches = new SpaceSaving[buckets];
        this.bucketOf = new long[buckets];
        java.util.Arrays.fill(bucketOf, Long.MIN_VALUE);
    }

    synchronized void offer(List<String> key, double weight, Instant now) {
        long b = Math.floorDiv(now.toEpochMilli(), bucketMillis);
        int slot = (int) Math.floorMod(b, (long) sketches.length);
        if (bucketOf[slot] != b || sketches[slot] == null) {
            sketches[slot] = new SpaceSaving<>(keysPerBucket);
            bucketOf[slot] = b;
        }
        sketches[slot].offer(key, weight);
    }

    /** The {@code n} heaviest keys of the buckets within {@code window} before {@code now}, heaviest first. */
    synchronized List<TopKey> top(Duration window, int n, Instant now) {
        long current = Math.floorDiv(now.toEpochMilli(), bucketMillis);
        long span = Math.max(1, Math.min(sketches.length, (window.toMillis() + bucketMillis - 1) / bucketMillis));
        Map<List<String>, double[]> merged = new HashMap<>(); // value, error, min counts of the buckets that kept it
        double minimums = 0;
        for (int i = 0; i < sketches.length; i++) {
            SpaceSaving<List<String>> s = sketches[i];
            if (s == null || bucketOf[i] > current || bucketOf[i] <= current - span) continue;
            double min = s.minCount();
            minimums += min;
            for (SpaceSaving.Counted<List<String>> c : s.entries()) {
                double[] m = merged.computeIfAbsent(c.key(), k -> new double[3]);
                m[0] += c.count();
                m[1] += c.error();
                m[2] += min;
            }
        }
        List<TopKey> out = new ArrayList<>(merged.size());
        for (Map.Entry<List<String>, double[]> e : merged.entrySet()) {
            double[] m = e.getValue();
            double missed = minimums - m[2]; // the most it weighed in full buckets that did not keep it
            out.add(new TopKey(e.getKey(), m[0] + missed, m[1] + missed));
        }
        out.sort(Comparator.comparingDouble(TopKey::value).reversed().thenComparing(k -> k.keys().toString()));
        return out.size() > n ? new ArrayList<>(out.subList(0, n)) : out;
    }
}
