package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.engine.api.BackupDetails;
import io.keyline.error.Errors;
import io.keyline.op.control.BackupRequests;
import io.keyline.op.request.ListBackupsRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListBackups: the backups of the request's region, oldest first, filtered by TableName, the
 * creation-time range (inclusive bounds) and BackupType, in pages of Limit (default and at most
 * 100) after ExclusiveStartBackupArn, LastEvaluatedBackupArn while more follow
 * (docs/RULES.md#BACKUP-LIST). Stateless.
 */
public final class ListBackups implements Operation<ListBackupsRequest> {
    /** docs/RULES.md#BACKUP-LIST: at most 100 backups a page, the default too. */
    static final int MAX_LIMIT = 100;

    private final Backups backups;

    public ListBackups(Engine engine) { this.backups = engine.backups(); }

    @Override public String name() { return "ListBackups"; }

    @Override public boolean quick(JsonObject request) { return true; }

    @Override public ListBackupsRequest decode(JsonObject request) {
        return new ListBackupsRequest(request.string("TableName"), request.intValue("Limit"),
                BackupRequests.instant(request, "TimeRangeLowerBound"), BackupRequests.instant(request, "TimeRangeUpperBound"),
                request.string("ExclusiveStartBackupArn"), request.string("BackupType"));
    }

    @Override public Object run(ListBackupsRequest request) {
        if (request.lowerBound() != null && request.upperBound() != null && request.lowerBound().isAfter(request.upperBound())) {
            throw Errors.validation("TimeRangeUpperBound must be greater than or equal to TimeRangeLowerBound");
        }
        int limit = request.limit() == null ? MAX_LIMIT : request.limit();
        Backups.Page page = backups.list(request.tableName(), request.lowerBound(), request.upperBound(), request.backupType(),
                request.exclusiveStartBackupArn(), limit);
        List<Object> summaries = new ArrayList<>();
        for (BackupDetails b : page.backups()) summaries.add(BackupDescriptions.summary(b));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("BackupSummaries", summaries);
        if (page.lastEvaluatedBackupArn() != null) out.put("LastEvaluatedBackupArn", page.lastEvaluatedBackupArn());
        return out;
    }
}
