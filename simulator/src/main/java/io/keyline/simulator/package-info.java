/**
 * {@code keyline simulate}: a scenario (tables in CreateTable's shapes, item templates, access
 * patterns with rates and key distributions) run through the same operations, engine and
 * capacity model that {@code keyline serve} runs, on a virtual clock.
 *
 * <p>The pipeline, one package per stage: {@code scenario} (the YAML file, its JSON Schema,
 * validation with line numbers, and the traffic it describes) produces a
 * {@link io.keyline.simulator.run.Workload}; {@code run} drives it through the engine and returns
 * a {@link io.keyline.simulator.report.Report}; {@code cost} and {@code advice} read the report;
 * {@code render} prints it on the terminal, as JSON or as one HTML page.
 */
package io.keyline.simulator;
