package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.op.request.ContinuousBackupsRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.protocol.JsonObject;

/**
 * UpdateContinuousBackups: turns point-in-time recovery on or off, or changes its recovery
 * period (RecoveryPeriodInDays 1 to 35, 35 when not given: docs/RULES.md#PITR-WINDOW).
 * TableNotFoundException; ContinuousBackupsUnavailableException for a table not ACTIVE. Stateless.
 */
public final class UpdateContinuousBackups implements Operation<ContinuousBackupsRequest> {
    /** docs/RULES.md#PITR-WINDOW: the recovery period when none is given. */
    static final int DEFAULT_RECOVERY_PERIOD_DAYS = 35;

    private final Backups backups;

    public UpdateContinuousBackups(Engine engine) { this.backups = engine.backups(); }

    @Override public String name() { return "UpdateContinuousBackups"; }

    @Override public ContinuousBackupsRequest decode(JsonObject request) {
        JsonObject spec = request.object("PointInTimeRecoverySpecification");
        return new ContinuousBackupsRequest(request.string("TableName"), spec == null ? null : spec.bool("PointInTimeRecoveryEnabled"),
                spec == null ? null : spec.intValue("RecoveryPeriodInDays"));
    }

    @Override public Object run(ContinuousBackupsRequest request) {
        boolean enabled = Boolean.TRUE.equals(request.pointInTimeRecoveryEnabled());
        int days = request.recoveryPeriodInDays() == null ? DEFAULT_RECOVERY_PERIOD_DAYS : request.recoveryPeriodInDays();
        return BackupDescriptions.continuous(backups.updateContinuousBackups(request.tableName(), enabled, days));
    }
}
