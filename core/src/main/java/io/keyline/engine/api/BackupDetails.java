package io.keyline.engine.api;

import io.keyline.metadata.TableMetadata;
import java.time.Instant;

/**
 * One on-demand backup as DescribeBackup, ListBackups, CreateBackup and DeleteBackup show it.
 *
 * @param status  CREATING, AVAILABLE or DELETED
 * @param type    USER, or SYSTEM for the backup DeleteTable takes of a table with point-in-time recovery (no AWS_BACKUP)
 * @param expires BackupExpiryDateTime (a SYSTEM backup's), null for a USER backup
 * @param source  the table's definition when the backup was taken
 */
public record BackupDetails(String arn, String name, String status, String type, Instant created, Instant expires,
                            long sizeBytes, long itemCount, TableMetadata source) {}
