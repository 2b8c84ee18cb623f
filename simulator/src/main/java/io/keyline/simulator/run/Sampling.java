package io.keyline.simulator.run;

/**
 * Which fraction of each pattern's requests a run executes (docs/SIMULATOR.md, "How a run
 * works": sampling). A pattern whose peak rate is at most {@link #UNSAMPLED_RATE} requests a
 * second runs every request; a faster one runs {@code UNSAMPLED_RATE / peak} of them, never less
 * than {@link #MIN_FRACTION}, and each executed request weighs {@code 1 / fraction} in the
 * capacity model ({@link io.keyline.capacity.CapacityModel#weighRequests}). Stateless.
 */
final class Sampling {
    /** Executed requests a second of simulated time per pattern, at most, before sampling starts. */
    static final double UNSAMPLED_RATE = 1_000;
    /**
     * The lowest fraction: a request weighs at most 200, so a 1 KB write weighs 200 WCU, a fifth
     * of a partition's 1,000 WCU ceiling, and a partition at its ceiling still sees five requests
     * a second, enough for its admission to follow the same curve (SamplingTest).
     */
    static final double MIN_FRACTION = 0.005;

    private Sampling() {}

    /**
     * @param fixed null to choose per pattern, else the one fraction for every pattern, in (0, 1]
     */
    static double[] fractions(Workload workload, Double fixed) {
        double[] out = new double[workload.patterns().size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = fixed != null ? fixed : chosen(workload.patterns().get(i).peakRate());
        }
        for (double f : out) {
            if (!(f > 0 && f <= 1)) throw new IllegalArgumentException("a sample fraction must be in (0, 1]: " + f);
        }
        return out;
    }

    static double chosen(double peakRate) {
        if (!(peakRate > UNSAMPLED_RATE)) return 1.0;
        return Math.max(MIN_FRACTION, UNSAMPLED_RATE / peakRate);
    }
}
