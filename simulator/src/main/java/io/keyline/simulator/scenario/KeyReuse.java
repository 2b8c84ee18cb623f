package io.keyline.simulator.scenario;

import java.util.List;
import java.util.Map;

/**
 * Keys of items another stream wrote (a preload or a put pattern of the same table): a reader
 * picks one of the items written so far, uniformly, and makes that item again from the writer's
 * template and seed, keeping its key attributes. Immutable; the writer draw is the caller's.
 *
 * @param writer       the writer's template
 * @param writerSeed   the writer's stream seed
 * @param keyAttributes the table's key attributes
 * @param written      how many items the writer has written by a simulated time
 */
record KeyReuse(ItemTemplate writer, long writerSeed, List<String> keyAttributes, WrittenCount written) {

    /** Items written by a simulated time (at full scale: a sampled writer skips some of them). */
    interface WrittenCount {
        long by(long nanos);
    }

    void fill(Draw reader, Draw writerDraw, Map<String, Object> key) {
        long n = Math.max(1, written.by(reader.atNanos));
        long j = reader.random.nextLong(n);
        Map<String, Object> item = writer.item(writerDraw.begin(j, reader.atNanos));
        for (String k : keyAttributes) key.put(k, item.get(k));
    }

    /** The integral of a rate curve, by the second, times items per request: how many items a put pattern wrote. */
    static WrittenCount integral(RateCurve rate, long durationNanos, int itemsPerRequest) {
        int seconds = (int) Math.min(Integer.MAX_VALUE - 1, durationNanos / 1_000_000_000L + 1);
        double[] cumulative = new double[seconds + 1];
        for (int s = 0; s < seconds; s++) {
            long t = s * 1_000_000_000L;
            double mean = (rate.at(t) + rate.at(t + 500_000_000L) * 2 + rate.at(t + 999_999_999L)) / 4;
            cumulative[s + 1] = cumulative[s] + mean;
        }
        return nanos -> {
            int s = (int) Math.min(seconds - 1, Math.max(0, nanos / 1_000_000_000L));
            double within = (nanos - s * 1_000_000_000L) / 1e9;
            double c = cumulative[s] + (cumulative[s + 1] - cumulative[s]) * Math.min(1, Math.max(0, within));
            return (long) (c * itemsPerRequest);
        };
    }
}
