package io.keyline.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Medians over repetitions of one scenario on one target, and its throughput ratios to the
 * speed-of-light server and to dynalite, paired run by run: ratio of repetition r is this
 * target's throughput in r over the reference's in r (the two ran back to back), and the
 * reported ratio is the median of those. Immutable.
 */
public record Summary(Scenario scenario, String target, int runs, double throughput, double p50Micros,
                      double p99Micros, double serverCpuMicros, double clientCpuMicros, long errors,
                      double ratioToSol, double ratioToDynalite) {
    public static final String SOL = "speed-of-light";
    public static final String DYNALITE = "dynalite";

    /** Summaries in scenario order, then target order, as first seen in {@code runs}. */
    public static List<Summary> of(List<RunRecord> runs) {
        Map<Scenario, Map<String, List<RunRecord>>> grouped = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            grouped.computeIfAbsent(r.scenario(), s -> new LinkedHashMap<>())
                   .computeIfAbsent(r.target(), t -> new ArrayList<>()).add(r);
        }
        List<Summary> out = new ArrayList<>();
        for (Map.Entry<Scenario, Map<String, List<RunRecord>>> e : grouped.entrySet()) {
            Map<String, List<RunRecord>> byTarget = e.getValue();
            // At a fraction of each target's own maximum, throughput is what was offered: no ratio.
            boolean comparable = e.getKey().load().mode() != io.keyline.bench.load.LoadSpec.Mode.FRACTION_OF_MAX;
            for (Map.Entry<String, List<RunRecord>> t : byTarget.entrySet()) {
                List<RunRecord> rs = t.getValue();
                out.add(new Summary(e.getKey(), t.getKey(), rs.size(),
                        median(rs, r -> r.result().throughput()),
                        median(rs, r -> r.result().p50Micros()),
                        median(rs, r -> r.result().p99Micros()),
                        median(rs, r -> r.result().serverCpuMicrosPerRequest()),
                        median(rs, r -> r.result().clientCpuMicrosPerRequest()),
                        rs.stream().mapToLong(r -> r.result().errors()).sum(),
                        comparable ? pairedRatio(rs, byTarget.get(SOL)) : Double.NaN,
                        comparable ? pairedRatio(rs, byTarget.get(DYNALITE)) : Double.NaN));
            }
        }
        return out;
    }

    static double pairedRatio(List<RunRecord> runs, List<RunRecord> reference) {
        if (reference == null) return Double.NaN;
        List<Double> ratios = new ArrayList<>();
        for (RunRecord r : runs) {
            for (RunRecord ref : reference) {
                if (ref.repetition() == r.repetition() && ref.result().throughput() > 0) {
                    ratios.add(r.result().throughput() / ref.result().throughput());
                }
            }
        }
        return median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
    }

    static double median(List<RunRecord> runs, ToDoubleFunction<RunRecord> f) {
        return median(runs.stream().mapToDouble(f).toArray());
    }

    /** Median ignoring NaN; NaN if nothing is left. */
    static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) return Double.NaN;
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
