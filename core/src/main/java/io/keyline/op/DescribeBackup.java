package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.op.request.BackupArnRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** DescribeBackup: the backup, its source table and that table's features; BackupNotFoundException. Stateless. */
public final class DescribeBackup implements Operation<BackupArnRequest> {
    private final Backups backups;

    public DescribeBackup(Engine engine) { this.backups = engine.backups(); }

    @Override public String name() { return "DescribeBackup"; }

    @Override public boolean quick(JsonObject request) { return true; }

    @Override public BackupArnRequest decode(JsonObject request) { return new BackupArnRequest(request.string("BackupArn")); }

    @Override public Object run(BackupArnRequest request) {
        return Map.of("BackupDescription", BackupDescriptions.description(backups.describe(request.backupArn())));
    }
}
