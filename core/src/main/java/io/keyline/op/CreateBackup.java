package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.op.request.CreateBackupRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * CreateBackup: a consistent copy of the table's items and its definition
 * (docs/RULES.md#BACKUP-CONSISTENT), taken before the answer. TableNotFoundException for a
 * table that is not there, TableInUseException for one that is not ACTIVE. Stateless.
 */
public final class CreateBackup implements Operation<CreateBackupRequest> {
    private final Backups backups;

    public CreateBackup(Engine engine) { this.backups = engine.backups(); }

    @Override public String name() { return "CreateBackup"; }

    @Override public CreateBackupRequest decode(JsonObject request) {
        return new CreateBackupRequest(request.string("TableName"), request.string("BackupName"));
    }

    @Override public Object run(CreateBackupRequest request) {
        return Map.of("BackupDetails", BackupDescriptions.details(backups.create(request.tableName(), request.backupName())));
    }
}
