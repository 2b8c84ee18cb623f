/**
 * In-process engine benchmarks, each a {@code main} (not a test, not JMH): PutItem throughput
 * through the operations, admission cost, Query scaling, GSI maintenance and backfill, memory
 * storage point operations, GSI propagation on RocksDB with a long history. Run one with
 * {@code bench/run.sh --main IndexBenchmark [args]}; docs/BENCHMARKS.md says what each measures.
 */
package io.keyline.bench.engine;
