package io.keyline.simulator.scenario;

import java.util.Arrays;

/** One of several values, each with its weight (PENDING 5, SHIPPED 95). Immutable. */
record WeightedChoice(String[] values, double[] cumulative) implements ValueGenerator {

    static WeightedChoice of(String[] values, double[] weights) {
        double[] cum = new double[weights.length];
        double total = 0;
        for (int i = 0; i < weights.length; i++) {
            total += weights[i];
            cum[i] = total;
        }
        for (int i = 0; i < cum.length; i++) cum[i] /= total;
        cum[cum.length - 1] = 1.0;
        return new WeightedChoice(values.clone(), cum);
    }

    @Override
    public String next(Draw draw) {
        double u = draw.random.nextDouble();
        int i = Arrays.binarySearch(cumulative, u);
        if (i < 0) i = -i - 1;
        else i = Math.min(i + 1, values.length - 1);
        return values[i];
    }
}
