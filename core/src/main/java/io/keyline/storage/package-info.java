/**
 * The storage SPI: an ordered byte keyspace with point reads, multi-gets, bounded forward and
 * reverse cursors, atomic write batches and consistent snapshots. Keys compare as unsigned
 * bytes; the engine's key codec ({@code io.keyline.engine.codec}) lays tables and indexes out
 * in it by an 8-byte keyspace prefix (keyspace 0 is the catalog). Backends live in
 * sub-packages and modules: {@code storage.memory} here, RocksDB in storage-rocksdb, Cassandra
 * in storage-cassandra.
 */
package io.keyline.storage;
