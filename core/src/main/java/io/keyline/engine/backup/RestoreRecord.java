package io.keyline.engine.backup;

import java.time.Instant;

/**
 * Where a restored table came from (DescribeTable's RestoreSummary): the backup (null for a
 * point-in-time restore), the source table's ARN, and the point in time its items are from.
 * Kept by the restored table's keyspace id for as long as the table lives. Immutable.
 */
record RestoreRecord(long tableKeyspace, String sourceBackupArn, String sourceTableArn, Instant restoreTime) {}
