/**
 * The runner: a {@link io.keyline.simulator.run.Workload} driven through the operations and the
 * engine on a manual clock, producing a {@link io.keyline.simulator.report.Report}.
 */
package io.keyline.simulator.run;
