/**
 * JMH micro-benchmarks of Keyline's request hot paths: wire decoding and encoding, item size,
 * expression parse (cached and uncached) and evaluation, key and item encoding, RocksDB write
 * batches. Run with {@code bench/run.sh --jmh [JMH options] [regex]}.
 */
package io.keyline.bench.jmh;
