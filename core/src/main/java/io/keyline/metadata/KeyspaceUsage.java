package io.keyline.metadata;

/**
 * What a table or index keyspace holds at one moment, as DescribeTable reports it: TableSizeBytes
 * or IndexSizeBytes (item bytes plus DynamoDB's per-item storage overhead), ItemCount, for a
 * GSI being created whether its backfill is running (null for anything else), and the warm
 * throughput the capacity model gives the table or GSI (0 where there is none: an LSI, or a
 * keyspace the model does not know). Immutable.
 */
public record KeyspaceUsage(long sizeBytes, long itemCount, Boolean backfilling, long warmRead, long warmWrite) {

    public KeyspaceUsage(long sizeBytes, long itemCount, Boolean backfilling) {
        this(sizeBytes, itemCount, backfilling, 0, 0);
    }

    public KeyspaceUsage withWarmThroughput(double read, double write) {
        return new KeyspaceUsage(sizeBytes, itemCount, backfilling, (long) Math.ceil(read - 1e-9), (long) Math.ceil(write - 1e-9));
    }
}
