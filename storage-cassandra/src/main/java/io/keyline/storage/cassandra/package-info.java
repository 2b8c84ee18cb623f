/**
 * The Apache Cassandra storage backend, for cluster mode (docs/CLUSTER.md): the SPI's ordered
 * byte keyspace laid out as Cassandra partitions of one 16-byte key head (keyspace id and token)
 * with the rest of each key as a clustering column, multi-version rows for atomic batches and
 * snapshots, and a directory of heads for ranges that cross partitions.
 */
package io.keyline.storage.cassandra;
