package io.keyline.bench.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * The A/B loop the in-process cost benchmarks share: rounds of A and B run back to back, their
 * order swapped every round so that drift and noise fall on both, two warm-up rounds discarded,
 * and the medians and the median per-round ratio reported. A round returns one figure (µs of
 * CPU per request, or requests a second); lower or higher is the caller's to read. Not thread-safe.
 */
final class PairedRounds {
    static final int WARM_UP = 2;

    private PairedRounds() {}

    /** The medians of A, of B and of A/B per round. */
    record Result(double a, double b, double ratio) {}

    static Result run(int rounds, String aName, String bName, String unit, DoubleSupplier a, DoubleSupplier b) {
        List<Double> as = new ArrayList<>(), bs = new ArrayList<>(), ratios = new ArrayList<>();
        for (int round = 0; round < rounds + WARM_UP; round++) {
            boolean aFirst = round % 2 == 0;
            double first = aFirst ? a.getAsDouble() : b.getAsDouble();
            double second = aFirst ? b.getAsDouble() : a.getAsDouble();
            double ra = aFirst ? first : second, rb = aFirst ? second : first;
            if (round >= WARM_UP) {
                as.add(ra);
                bs.add(rb);
                ratios.add(ra / rb);
            }
            System.out.printf("round %d: %s %.3f %s, %s %.3f %s, %s/%s %.3f%n", round, aName, ra, unit, bName, rb, unit, aName, bName, ra / rb);
        }
        Result r = new Result(median(as), median(bs), median(ratios));
        Collections.sort(ratios);
        System.out.printf("median: %s %.3f %s, %s %.3f %s, median ratio %s/%s %.3f (min %.3f, max %.3f)%n", aName, r.a(), unit,
                bName, r.b(), unit, aName, bName, r.ratio(), ratios.get(0), ratios.get(ratios.size() - 1));
        return r;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
