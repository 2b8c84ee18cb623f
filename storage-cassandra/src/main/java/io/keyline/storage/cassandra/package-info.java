/**
 * The Apache Cassandra storage backend, for cluster mode (docs/CLUSTER.md): the SPI's ordered
 * byte keyspace with multi-version rows for atomic batches and snapshots, laid out in two ways.
 * A table's or an index's keyspace (the engine's partition layout says which) is a Cassandra
 * table of its own, partitioned by the encoded partition key, so that Cassandra's token is
 * Keyline's and a Scan segment is a token range; every other key lives in Cassandra partitions
 * of one 16-byte key head (keyspace id and token) with the rest of each key as a clustering
 * column, and a directory of heads for ranges that cross partitions.
 */
package io.keyline.storage.cassandra;
