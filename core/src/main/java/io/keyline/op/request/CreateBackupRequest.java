package io.keyline.op.request;

/** A CreateBackup request after deserialization: a table name or ARN, and the backup's name. */
public record CreateBackupRequest(String tableName, String backupName) {}
