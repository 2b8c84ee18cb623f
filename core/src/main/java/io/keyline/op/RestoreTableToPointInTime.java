package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.error.Errors;
import io.keyline.op.control.RestorePlan;
import io.keyline.op.control.BackupRequests;
import io.keyline.op.request.RestoreTableToPointInTimeRequest;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/**
 * RestoreTableToPointInTime: a new table holding the source table's items as they were at
 * RestoreDateTime, or at the latest restorable time (docs/RULES.md#PITR-RESTORE), with the same
 * overrides as a restore from a backup. The source is named by SourceTableName or
 * SourceTableArn, exactly one; the time by RestoreDateTime or UseLatestRestorableTime, exactly
 * one. PointInTimeRecoveryUnavailableException when recovery is off, InvalidRestoreTimeException
 * outside the window, TableAlreadyExistsException. Stateless.
 */
public final class RestoreTableToPointInTime implements Operation<RestoreTableToPointInTimeRequest> {
    private final Backups backups;
    private final Tables tables;

    public RestoreTableToPointInTime(Engine engine) {
        this.backups = engine.backups();
        this.tables = engine.tables();
    }

    @Override public String name() { return "RestoreTableToPointInTime"; }

    @Override public RestoreTableToPointInTimeRequest decode(JsonObject request) {
        return new RestoreTableToPointInTimeRequest(request.string("SourceTableArn"), request.string("SourceTableName"),
                request.string("TargetTableName"), request.bool("UseLatestRestorableTime"),
                BackupRequests.instant(request, "RestoreDateTime"), BackupRequests.overrides(request));
    }

    @Override public Object run(RestoreTableToPointInTimeRequest request) {
        if (request.targetTableName() == null) {
            throw Errors.validation("1 validation error detected: Value null at 'targetTableName' failed to satisfy constraint: "
                    + "Member must not be null");
        }
        if ((request.sourceTableArn() == null) == (request.sourceTableName() == null)) {
            throw Errors.validation("Exactly one of SourceTableArn or SourceTableName must be specified");
        }
        boolean latest = Boolean.TRUE.equals(request.useLatestRestorableTime());
        if (latest == (request.restoreDateTime() != null)) {
            throw Errors.validation("Exactly one of RestoreDateTime or UseLatestRestorableTime must be specified");
        }
        String source = request.sourceTableName() != null ? request.sourceTableName() : request.sourceTableArn();
        Backups.Restored r = backups.restoreToPointInTime(source, latest ? null : request.restoreDateTime(),
                t -> RestorePlan.of(request.targetTableName(), t, request.overrides(), tables.tableQuotaRead(), tables.tableQuotaWrite()));
        return Map.of("TableDescription", RestoreTableFromBackup.describe(tables, r));
    }
}
