package io.keyline.simulator.scenario;

import io.keyline.simulator.run.SimRequest;
import io.keyline.simulator.run.TrafficSource;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The traffic of a scenario: each pattern a non-homogeneous Poisson process at scale × its rate
 * curve, merged in time order.
 *
 * <p>Why Poisson: many independent clients send at random moments, so requests bunch and gap
 * within a second the way a partition's bucket sees them in production; evenly spaced arrivals
 * would hide that at low rates. And a Poisson process thinned to a fraction p is again Poisson
 * at p × the rate, so a sampled pass is the same kind of traffic, with each request's content
 * unchanged: content depends on the request's ordinal in the full-rate stream (ordinal = n / p),
 * not on which requests were kept, so the key distribution is the same at every scale.
 *
 * <p>Arrivals come by Lewis and Shedler's thinning: candidates at the peak rate, each kept with
 * probability rate(t) / peak, from a random stream per pattern seeded from the scenario's seed.
 * Immutable; each {@link #open} makes an independent pass, so passes may run on different threads.
 */
final class ScenarioTraffic implements TrafficSource {
    private final List<PatternPlan> plans;
    private final long durationNanos;
    private final long startEpochMillis;

    ScenarioTraffic(List<PatternPlan> plans, long durationNanos, long startEpochMillis) {
        this.plans = List.copyOf(plans);
        this.durationNanos = durationNanos;
        this.startEpochMillis = startEpochMillis;
    }

    /** Expression members of a request whose words may name attributes. */
    private static final List<String> EXPRESSIONS = List.of("FilterExpression", "ConditionExpression", "ProjectionExpression",
            "UpdateExpression", "KeyConditionExpression");
    /** A word of an expression that is not a #name or :value placeholder: an attribute name, or a keyword (harmless). */
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("(?<![#:\\w])[A-Za-z_][A-Za-z0-9_]*");

    /** Every name the patterns' request members give: ExpressionAttributeNames' values, AttributesToGet, the words of expressions. */
    @Override
    public java.util.Set<String> attributesRead() {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (PatternPlan p : plans) {
            java.util.Map<String, Object> request = p.request();
            if (request.get("ExpressionAttributeNames") instanceof java.util.Map<?, ?> names) {
                for (Object v : names.values()) if (v instanceof String n) out.add(n);
            }
            if (request.get("AttributesToGet") instanceof List<?> names) for (Object v : names) if (v instanceof String n) out.add(n);
            for (String member : EXPRESSIONS) {
                if (request.get(member) instanceof String expression) NAME.matcher(expression).results().forEach(m -> out.add(m.group()));
            }
        }
        return java.util.Set.copyOf(out);
    }

    @Override
    public Traffic open(double[] scale) {
        if (scale.length != plans.size()) {
            throw new IllegalArgumentException("scale has " + scale.length + " entries for " + plans.size() + " patterns");
        }
        Stream[] streams = new Stream[plans.size()];
        for (int i = 0; i < streams.length; i++) {
            if (!(scale[i] > 0 && scale[i] <= 1)) throw new IllegalArgumentException("scale[" + i + "] = " + scale[i] + " is not in (0, 1]");
            streams[i] = new Stream(plans.get(i), scale[i]);
        }
        return () -> {
            Stream first = null;
            for (Stream s : streams) if (s.nextAt >= 0 && (first == null || s.nextAt < first.nextAt)) first = s;
            return first == null ? null : first.take();
        };
    }

    /** One pattern's pass: its next arrival, already drawn. */
    private final class Stream {
        private final PatternPlan plan;
        private final double scale;
        private final double candidateRatePerNano;
        private final SplittableRandom arrivals;
        private final RequestMaker maker;
        private double atNanos;
        private long accepted;
        /** Time of the next request, or -1 when the pattern has no more. */
        long nextAt;

        Stream(PatternPlan plan, double scale) {
            this.plan = plan;
            this.scale = scale;
            this.candidateRatePerNano = plan.peakRate() * scale / 1e9;
            this.arrivals = new SplittableRandom(Draw.mix(plan.streamSeed() ^ 0x61727269766C73L));
            this.maker = new RequestMaker(plan, startEpochMillis);
            advance();
        }

        private void advance() {
            if (candidateRatePerNano <= 0) {
                nextAt = -1;
                return;
            }
            while (true) {
                atNanos += -Math.log(1.0 - arrivals.nextDouble()) / candidateRatePerNano;
                if (atNanos >= durationNanos) {
                    nextAt = -1;
                    return;
                }
                long t = (long) atNanos;
                if (arrivals.nextDouble() * plan.peakRate() < plan.rate().at(t)) {
                    nextAt = t;
                    return;
                }
            }
        }

        SimRequest take() {
            long ordinal = scale == 1.0 ? accepted : (long) (accepted / scale);
            accepted++;
            SimRequest r = new SimRequest(nextAt, plan.index(), plan.operation().dynamoDbName, maker.make(ordinal, nextAt),
                    plan.allPages());
            advance();
            return r;
        }
    }
}
