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

    /**
     * Attribute names the requests' expressions may read (filters, conditions, projections, update
     * operands), which SIZES storage keeps with the key attributes so that those expressions see
     * what whole items would show; more names than needed cost only memory. None by default.
     */
    default java.util.Set<String> attributesRead() { return java.util.Set.of(); }

    /** A pass over the traffic, in non-decreasing time order. Not thread-safe. */
    interface Traffic {
        /** The next request, or null once the scenario's duration has passed. */
        SimRequest next();
    }
}
