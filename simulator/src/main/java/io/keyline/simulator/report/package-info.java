/**
 * What a simulation measured, as plain records: the runner fills them, cost, advice and the
 * renderers only read them. Counts are in the scenario's terms: when the runner sampled a pattern,
 * its requests, units and throttles are already scaled back up ({@link Report#sampling()} says by
 * how much).
 */
package io.keyline.simulator.report;
