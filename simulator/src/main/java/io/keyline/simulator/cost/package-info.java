/**
 * The monthly bill of a simulated workload: {@link io.keyline.simulator.cost.Prices} (a region's
 * price table, overridable by the scenario) and {@link io.keyline.simulator.cost.CostModel}, which
 * reads a {@link io.keyline.simulator.report.Report} and prices its traffic on demand and
 * provisioned, with storage, extrapolated to a 730-hour month.
 */
package io.keyline.simulator.cost;
