package io.keyline.op.request;

import java.time.Instant;

/** A ListBackups request after deserialization; null where a member is absent. */
public record ListBackupsRequest(String tableName, Integer limit, Instant lowerBound, Instant upperBound, String exclusiveStartBackupArn,
                                 String backupType) {}
