/**
 * The scenario file: YAML read and checked against its JSON Schema (errors name the line), item
 * templates, key distributions and rate curves, resolved into a {@link io.keyline.simulator.run.Workload}.
 */
package io.keyline.simulator.scenario;
