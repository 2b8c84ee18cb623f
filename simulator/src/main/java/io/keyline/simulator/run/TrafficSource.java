package io.keyline.simulator.run;

/**
 * The traffic a scenario describes. The runner chooses, per pattern, what fraction of the
 * requests to generate (sampling; 1.0 = every request) and counts each generated request as
 * {@code 1 / scale} requests of the scenario, so sampling never happens after generation.
 */
public interface TrafficSource {
    /**
     * Opens a fresh pass over the traffic; two opens with the same scales give the same requests.
     *
     * @param scale per pattern (indexed as {@link Workload#patterns()}), the fraction of its rate
     *              to generate, in (0, 1]
     */
    Traffic open(double[] scale);

    /** A pass over the traffic, in non-decreasing time order. Not thread-safe. */
    interface Traffic {
        /** The next request, or null once the scenario's duration has passed. */
        SimRequest next();
    }
}
