package io.keyline.simulator.report;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one simulation.
 *
 * @param scenario  the scenario's name
 * @param seed      its random seed
 * @param simulated simulated time covered
 * @param sampling  per pattern name, the fraction of its requests that were executed (1.0 = all)
 * @param tables    one per table, in scenario order
 * @param patterns  one per access pattern, in scenario order
 * @param region    the price table's region
 * @param prices    price overrides from the scenario, by price key (may be empty)
 */
public record Report(String scenario, long seed, Duration simulated, Map<String, Double> sampling,
        List<TableReport> tables, List<PatternReport> patterns, String region, Map<String, Double> prices) {}
