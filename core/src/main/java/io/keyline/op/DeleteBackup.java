package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.op.request.BackupArnRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * DeleteBackup: the backup and its copy go; answers its description as DELETED.
 * BackupInUseException while it is CREATING or being restored from (docs/RULES.md#BACKUP-ERRORS). Stateless.
 */
public final class DeleteBackup implements Operation<BackupArnRequest> {
    private final Backups backups;

    public DeleteBackup(Engine engine) { this.backups = engine.backups(); }

    @Override public String name() { return "DeleteBackup"; }

    @Override public BackupArnRequest decode(JsonObject request) { return new BackupArnRequest(request.string("BackupArn")); }

    @Override public Object run(BackupArnRequest request) {
        return Map.of("BackupDescription", BackupDescriptions.description(backups.delete(request.backupArn())));
    }
}
