package io.keyline.storage;

/**
 * The engine's hint of where a stored key's partition key lies (docs/CLUSTER.md, "Layout"), for
 * a backend that places data by partition. The keys of a table's or an index's keyspace are
 * {@code keyspace id (8) | token (8) | partition key | rest}, where the token is the Murmur3 token
 * of the partition key's bytes (the engine's key codec). Cassandra's storage partitions such a
 * keyspace by those partition-key bytes, so that Cassandra's token of an item is Keyline's and a
 * Scan segment, a token range, is served by the replicas that own it. Memory and RocksDB keep
 * one ordered keyspace and ignore the hint.
 *
 * <p>Both answers for a keyspace must be the same on every Keyline node and never change once a
 * key of it is stored: keyspace ids are never reused. Implementations are thread-safe, cheap
 * and never call back into the storage.
 */
public interface PartitionLayout {
    /** No keyspace is partitioned: what a storage assumes until told otherwise. */
    PartitionLayout NONE = new PartitionLayout() {
        @Override public boolean partitioned(long keyspaceId) { return false; }

        @Override public int partitionKeyEnd(byte[] key) { return -1; }
    };

    /** Whether keyspace {@code keyspaceId} holds a table's or an index's keys, laid out as above. */
    boolean partitioned(long keyspaceId);

    /**
     * The end (an index into {@code key}) of the partition key of a key of a partitioned keyspace,
     * or -1 when {@code key} holds no whole partition key whose token is its bytes 8 to 16 (a range
     * bound such as a token or a prefix end) or is not in a partitioned keyspace.
     */
    int partitionKeyEnd(byte[] key);
}
