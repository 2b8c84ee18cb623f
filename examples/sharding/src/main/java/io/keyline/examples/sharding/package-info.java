/**
 * The seeds' work queue on keyline-sdk: every PENDING order in a sparse status GSI whose key is
 * sharded 16 ways, written with calculated shards and read back oldest first as one Query
 * (examples/sharding/README.md).
 */
package io.keyline.examples.sharding;
