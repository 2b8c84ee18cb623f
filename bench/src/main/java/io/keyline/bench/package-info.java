/**
 * Keyline's benchmark harness: {@link io.keyline.bench.BenchMain} runs a matrix of workloads
 * against several servers side by side (A B A B) and writes Markdown and JSON reports.
 * Sub-packages: {@code workload} (what is sent), {@code load} (how it is sent and measured),
 * {@code target} (the servers under test, as subprocesses), {@code sol} (the speed-of-light
 * server), {@code report} (tables), {@code jmh} (micro-benchmarks of Keyline's hot paths).
 */
package io.keyline.bench;
