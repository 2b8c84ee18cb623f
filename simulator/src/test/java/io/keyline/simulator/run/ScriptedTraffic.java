package io.keyline.simulator.run;

import io.keyline.protocol.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * A tiny traffic source for tests: each pattern sends at a constant rate, evenly spaced, request
 * {@code i} built by a function of i and a seeded random. At scale s it sends every request of a
 * rate × s stream, so a sampled pass is the same kind of traffic, thinner.
 */
final class ScriptedTraffic implements TrafficSource {
    /** One pattern's stream. */
    record Stream(String operation, double rate, boolean followPages, BiFunction<Long, SplittableRandom, Map<String, Object>> body) {}

    private final List<Stream> streams;
    private final Duration duration;
    private final long seed;

    ScriptedTraffic(List<Stream> streams, Duration duration, long seed) {
        this.streams = streams;
        this.duration = duration;
        this.seed = seed;
    }

    @Override public Traffic open(double[] scale) {
        int n = streams.size();
        double[] gap = new double[n];
        long[] sent = new long[n];
        SplittableRandom[] random = new SplittableRandom[n];
        for (int i = 0; i < n; i++) {
            gap[i] = 1e9 / (streams.get(i).rate() * scale[i]);
            random[i] = new SplittableRandom(seed + i);
        }
        long end = duration.toNanos();
        return () -> {
            int best = -1;
            long at = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                long t = (long) (sent[i] * gap[i]);
                if (t < end && t < at) {
                    at = t;
                    best = i;
                }
            }
            if (best < 0) return null;
            Stream s = streams.get(best);
            long index = sent[best]++;
            return new SimRequest(at, best, s.operation(), new JsonObject(s.body().apply(index, random[best])), s.followPages());
        };
    }

    static List<Workload.Pattern> patterns(List<Stream> streams, List<String> names, String table, List<String> indexes) {
        List<Workload.Pattern> out = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            out.add(new Workload.Pattern(names.get(i), streams.get(i).operation(), table, indexes.get(i), streams.get(i).rate()));
        }
        return out;
    }
}
