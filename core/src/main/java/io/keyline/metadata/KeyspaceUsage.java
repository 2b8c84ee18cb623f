package io.keyline.metadata;

/**
 * What a table or index keyspace holds at one moment, as DescribeTable reports it: TableSizeBytes
 * or IndexSizeBytes (item bytes plus DynamoDB's per-item storage overhead), ItemCount, and for a
 * GSI being created whether its backfill is running (null for anything else). Immutable.
 */
public record KeyspaceUsage(long sizeBytes, long itemCount, Boolean backfilling) {}
