package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.op.control.RestorePlan;
import io.keyline.op.control.BackupRequests;
import io.keyline.op.request.RestoreTableFromBackupRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.op.response.TableDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * RestoreTableFromBackup: a new table with the backup's items and definition, its indexes
 * rebuilt, DynamoDB's overrides applied ({@link RestorePlan}); BackupNotFoundException,
 * BackupInUseException for a backup still CREATING, TableAlreadyExistsException
 * (docs/RULES.md#BACKUP-RESTORE). The table is CREATING while its items load, then ACTIVE after
 * the table create delay; its description carries a RestoreSummary. Stateless.
 */
public final class RestoreTableFromBackup implements Operation<RestoreTableFromBackupRequest> {
    private final Backups backups;
    private final Tables tables;

    public RestoreTableFromBackup(Engine engine) {
        this.backups = engine.backups();
        this.tables = engine.tables();
    }

    @Override public String name() { return "RestoreTableFromBackup"; }

    @Override public RestoreTableFromBackupRequest decode(JsonObject request) {
        return new RestoreTableFromBackupRequest(request.string("TargetTableName"), request.string("BackupArn"),
                BackupRequests.overrides(request));
    }

    @Override public Object run(RestoreTableFromBackupRequest request) {
        Backups.Restored r = backups.restoreFromBackup(request.backupArn(), source -> RestorePlan.of(request.targetTableName(),
                source, request.overrides(), tables.tableQuotaRead(), tables.tableQuotaWrite()));
        return Map.of("TableDescription", describe(tables, r));
    }

    /** The restored table's description, with its RestoreSummary. */
    static Map<String, Object> describe(Tables tables, Backups.Restored r) {
        Map<String, Object> d = TableDescriptions.full(tables.shown(r.table()), tables.usageOf(r.table()), tables.now(), tables.region(),
                tables.accountId());
        d.put("RestoreSummary", BackupDescriptions.restoreSummary(r.summary()));
        return d;
    }
}
