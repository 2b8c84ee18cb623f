package io.keyline.bench.report;

import io.keyline.bench.load.LoadResult;

/**
 * One measured run: a scenario on one target in one repetition (1-based), and the rate offered
 * in open loop (NaN in closed loop). Immutable.
 */
public record RunRecord(Scenario scenario, String target, int repetition, double offeredRate, LoadResult result) {
    public RunRecord(Scenario scenario, String target, int repetition, LoadResult result) {
        this(scenario, target, repetition, scenario.load().mode() == io.keyline.bench.load.LoadSpec.Mode.OPEN
                ? scenario.load().rate() : Double.NaN, result);
    }
}
