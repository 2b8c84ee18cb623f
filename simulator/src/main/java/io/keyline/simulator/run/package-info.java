/**
 * The runner: a {@link io.keyline.simulator.run.Workload} driven through the operations and the
 * engine on a manual clock, producing a {@link io.keyline.simulator.report.Report}
 * (docs/SIMULATOR.md, "How a run works").
 *
 * <p>{@link io.keyline.simulator.run.Simulation} is the entry point; it sets up a
 * {@code SimulatedDatabase} (engine, storage, metrics, tables, preloads), lets the
 * {@code SimulatedClient} send the traffic (retries with {@code Backoff}, pages) on a
 * {@code RunClock}, with fast patterns sampled ({@code Sampling}) and weighed in the capacity
 * model, and has the {@code ReportBuilder} read the metrics layer, the capacity model and the
 * client's tallies. {@link io.keyline.simulator.run.SizeOnlyStorage} is the SIZES storage mode;
 * {@link io.keyline.simulator.run.TerminalProgress} the command line's progress bar.
 */
package io.keyline.simulator.run;
