/**
 * The scenario file: YAML read and checked against its JSON Schema (errors name the line), item
 * templates, key distributions and rate curves, resolved into a {@link io.keyline.simulator.run.Workload}.
 *
 * <p>Loading ({@link io.keyline.simulator.scenario.ScenarioFile}) runs once, on one thread:
 * {@code YamlDocument} (the tree and every node's line), {@code ScenarioSchema}, then
 * {@code ScenarioReader}, {@code GeneratorReader}, {@code RateReader} and {@code PatternReader}
 * for the rules a schema cannot state, with {@code TableCheck} sending the tables to a scratch
 * engine's CreateTable. What they build is immutable: {@code PatternPlan}s of
 * {@code ItemTemplate}s, {@code AttributeSpec}s, {@code ValueGenerator}s and {@code RateCurve}s.
 * {@code ScenarioTraffic} is the workload's TrafficSource; each pass it opens owns its
 * {@code RequestMaker}s and {@code Draw}s, so passes are independent and may run on different
 * threads, while one pass is single-threaded. Format: docs/SIMULATOR.md, "Scenario file".
 */
package io.keyline.simulator.scenario;
