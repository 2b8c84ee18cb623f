/**
 * DynamoDB Streams inside the engine (docs/STREAMS.md): the durable, ordered change log of the
 * tables whose stream is enabled, written in the same storage batch as the item it records
 * ({@link io.keyline.engine.stream.StreamWriter}), its streams and shards
 * ({@link io.keyline.engine.stream.StreamRegistry}: one shard per partition of the table,
 * following its splits and rolled over periodically), and reading it back
 * ({@link io.keyline.engine.stream.StreamReader}: shard iterators, pages of records, the 24-hour
 * trim). Operations reach it through the facade {@code io.keyline.engine.Streams}.
 */
package io.keyline.engine.stream;
