package io.keyline.op.request;

/** A RestoreTableFromBackup request after deserialization. */
public record RestoreTableFromBackupRequest(String targetTableName, String backupArn, RestoreOverrides overrides) {}
