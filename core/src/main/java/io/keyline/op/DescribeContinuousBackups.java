package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.op.request.ContinuousBackupsRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.protocol.JsonObject;

/**
 * DescribeContinuousBackups: whether point-in-time recovery is on, and if so its period and its
 * EarliestRestorableDateTime and LatestRestorableDateTime (docs/RULES.md#PITR-WINDOW).
 * TableNotFoundException for a missing table. Stateless.
 */
public final class DescribeContinuousBackups implements Operation<ContinuousBackupsRequest> {
    private final Backups backups;

    public DescribeContinuousBackups(Engine engine) { this.backups = engine.backups(); }

    @Override public String name() { return "DescribeContinuousBackups"; }

    @Override public ContinuousBackupsRequest decode(JsonObject request) {
        return new ContinuousBackupsRequest(request.string("TableName"), null, null);
    }

    @Override public Object run(ContinuousBackupsRequest request) {
        return BackupDescriptions.continuous(backups.continuousBackups(request.tableName()));
    }
}
