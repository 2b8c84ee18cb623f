package io.keyline.op.request;

/** A DescribeBackup or DeleteBackup request after deserialization: the backup's ARN. */
public record BackupArnRequest(String backupArn) {}
