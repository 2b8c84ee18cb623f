package io.keyline.insights;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The space-saving bound (Metwally et al.) on arbitrary weighted streams. */
class SpaceSavingTest {

    @Property(tries = 300)
    void countsOverestimateByAtMostTheirErrorAndTheErrorIsBounded(
            @ForAll @Size(max = 2000) List<@IntRange(min = 0, max = 60) Integer> stream,
            @ForAll @Size(min = 1, max = 2000) List<@IntRange(min = 1, max = 5) Integer> weights,
            @ForAll @IntRange(min = 1, max = 24) int capacity) {
        SpaceSaving<Integer> sketch = new SpaceSaving<>(capacity);
        Map<Integer, Double> truth = new HashMap<>();
        for (int i = 0; i < stream.size(); i++) {
            double w = weights.get(i % weights.size());
            sketch.offer(stream.get(i), w);
            truth.merge(stream.get(i), w, Double::sum);
        }
        double total = truth.values().stream().mapToDouble(Double::doubleValue).sum();
        double bound = total / capacity;
        List<SpaceSaving.Counted<Integer>> kept = sketch.entries();
        assertThat(kept.size()).isLessThanOrEqualTo(capacity);
        for (SpaceSaving.Counted<Integer> c : kept) {
            double t = truth.getOrDefault(c.key(), 0.0);
            assertThat(c.count()).as("never undercounts").isGreaterThanOrEqualTo(t - 1e-9);
            assertThat(c.count() - c.error()).as("count - error is a lower bound").isLessThanOrEqualTo(t + 1e-9);
            assertThat(c.error()).as("error <= N / capacity").isLessThanOrEqualTo(bound + 1e-9);
        }
        for (Map.Entry<Integer, Double> e : truth.entrySet()) {
            if (e.getValue() > bound + 1e-9) {
                assertThat(kept).as("a key heavier than N / capacity is kept").anyMatch(c -> c.key().equals(e.getKey()));
            }
        }
        assertThat(sketch.total()).isEqualTo(total);
    }

    @Property(tries = 100)
    void theSlidingWindowKeepsTheMergedBound(
            @ForAll @Size(min = 1, max = 3000) List<@IntRange(min = 0, max = 200) Integer> stream,
            @ForAll @IntRange(min = 1, max = 16) int capacity) {
        SlidingTopKeys window = new SlidingTopKeys(java.time.Duration.ofMinutes(1), 5, capacity);
        Map<List<String>, Double> truth = new HashMap<>();
        java.time.Instant t0 = java.time.Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < stream.size(); i++) {
            List<String> key = List.of(String.valueOf(stream.get(i)));
            window.offer(key, 1, t0.plusSeconds(i % 240)); // four buckets
            truth.merge(key, 1.0, Double::sum);
        }
        double total = stream.size();
        for (TopKey k : window.top(java.time.Duration.ofMinutes(5), Integer.MAX_VALUE, t0.plusSeconds(239))) {
            double t = truth.getOrDefault(k.keys(), 0.0);
            assertThat(k.value()).isGreaterThanOrEqualTo(t - 1e-9);
            assertThat(k.value() - k.error()).isLessThanOrEqualTo(t + 1e-9);
            assertThat(k.error()).isLessThanOrEqualTo(total / capacity + 1e-9);
        }
    }
}
