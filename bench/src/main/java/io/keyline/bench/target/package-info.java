/**
 * The servers under test, each started as its own process so that its CPU can be read from
 * /proc: Keyline (RocksDB and in-memory, from the cli jar), dynalite (installed with npm into a
 * scratch folder) and the speed-of-light server. Also table creation and data loading, and the
 * start-up and footprint probe.
 */
package io.keyline.bench.target;
