package io.keyline.op.response;

import io.keyline.engine.api.BackupDetails;
import io.keyline.engine.api.RecoveryWindow;
import io.keyline.engine.api.RestoreSummary;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.ProjectionType;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TimeToLiveStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The backup shapes of DynamoDB's responses: BackupDetails, BackupSummary, BackupDescription
 * (with SourceTableDetails and SourceTableFeatureDetails), ContinuousBackupsDescription and a
 * table's RestoreSummary. Timestamps as {@link TableDescriptions#time}. Stateless.
 */
public final class BackupDescriptions {
    private BackupDescriptions() {}

    public static Map<String, Object> details(BackupDetails b) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("BackupArn", b.arn());
        d.put("BackupName", b.name());
        d.put("BackupSizeBytes", b.sizeBytes());
        d.put("BackupStatus", b.status());
        d.put("BackupType", b.type());
        d.put("BackupCreationDateTime", TableDescriptions.time(b.created()));
        if (b.expires() != null) d.put("BackupExpiryDateTime", TableDescriptions.time(b.expires()));
        return d;
    }

    public static Map<String, Object> summary(BackupDetails b) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("TableName", b.source().name());
        d.put("TableId", b.source().tableId());
        d.put("TableArn", b.source().arn());
        d.put("BackupArn", b.arn());
        d.put("BackupName", b.name());
        d.put("BackupCreationDateTime", TableDescriptions.time(b.created()));
        if (b.expires() != null) d.put("BackupExpiryDateTime", TableDescriptions.time(b.expires()));
        d.put("BackupStatus", b.status());
        d.put("BackupType", b.type());
        d.put("BackupSizeBytes", b.sizeBytes());
        return d;
    }

    public static Map<String, Object> description(BackupDetails b) {
        TableMetadata t = b.source();
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("TableName", t.name());
        source.put("TableId", t.tableId());
        source.put("TableArn", t.arn());
        source.put("TableSizeBytes", b.sizeBytes());
        source.put("KeySchema", TableDescriptions.keySchema(t.keySchema()));
        source.put("TableCreationDateTime", TableDescriptions.time(t.creationTime()));
        source.put("ProvisionedThroughput", throughput(t.throughput().readCapacityUnits(), t.throughput().writeCapacityUnits()));
        if (t.onDemand() != null) {
            source.put("OnDemandThroughput", Map.of("MaxReadRequestUnits", orMinusOne(t.onDemand().maxReadRequestUnits()),
                    "MaxWriteRequestUnits", orMinusOne(t.onDemand().maxWriteRequestUnits())));
        }
        source.put("ItemCount", b.itemCount());
        source.put("BillingMode", t.billingMode().name());
        Map<String, Object> features = new LinkedHashMap<>();
        if (!t.localIndexes().isEmpty()) {
            List<Object> lsis = new ArrayList<>();
            for (IndexMetadata i : t.localIndexes()) lsis.add(index(i, false));
            features.put("LocalSecondaryIndexes", lsis);
        }
        List<Object> gsis = new ArrayList<>();
        for (IndexMetadata i : t.globalIndexes()) if (i.isLive()) gsis.add(index(i, t.billingMode() == BillingMode.PROVISIONED));
        if (!gsis.isEmpty()) features.put("GlobalSecondaryIndexes", gsis);
        if (t.stream() != null && t.stream().enabled()) {
            features.put("StreamDescription", Map.of("StreamEnabled", true, "StreamViewType", t.stream().viewType()));
        }
        if (t.timeToLive() != null && t.timeToLive().status() == TimeToLiveStatus.ENABLED) {
            features.put("TimeToLiveDescription", Map.of("TimeToLiveStatus", "ENABLED", "AttributeName", t.timeToLive().attributeName()));
        }
        if (t.sse() != null) features.put("SSEDescription", Map.of("Status", "ENABLED", "SSEType", t.sse().sseType()));
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("BackupDetails", details(b));
        d.put("SourceTableDetails", source);
        d.put("SourceTableFeatureDetails", features);
        return d;
    }

    /** ContinuousBackupsDescription: point-in-time recovery off ({@code window} null) or on. */
    public static Map<String, Object> continuous(RecoveryWindow window) {
        Map<String, Object> pitr = new LinkedHashMap<>();
        Map<String, Object> d = new LinkedHashMap<>();
        if (window == null) {
            pitr.put("PointInTimeRecoveryStatus", "DISABLED");
            d.put("ContinuousBackupsStatus", "DISABLED");
        } else {
            pitr.put("PointInTimeRecoveryStatus", "ENABLED");
            pitr.put("RecoveryPeriodInDays", window.periodDays());
            pitr.put("EarliestRestorableDateTime", TableDescriptions.time(window.earliest()));
            pitr.put("LatestRestorableDateTime", TableDescriptions.time(window.latest()));
            d.put("ContinuousBackupsStatus", "ENABLED");
        }
        d.put("PointInTimeRecoveryDescription", pitr);
        return Map.of("ContinuousBackupsDescription", d);
    }

    public static Map<String, Object> restoreSummary(RestoreSummary r) {
        Map<String, Object> d = new LinkedHashMap<>();
        if (r.sourceBackupArn() != null) d.put("SourceBackupArn", r.sourceBackupArn());
        d.put("SourceTableArn", r.sourceTableArn());
        d.put("RestoreDateTime", TableDescriptions.time(r.restoreDateTime()));
        d.put("RestoreInProgress", r.inProgress());
        return d;
    }

    private static Map<String, Object> index(IndexMetadata i, boolean provisioned) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("IndexName", i.name());
        d.put("KeySchema", TableDescriptions.keySchema(i.keySchema()));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("ProjectionType", i.projection().type().name());
        if (i.projection().type() == ProjectionType.INCLUDE) p.put("NonKeyAttributes", i.projection().nonKeyAttributes());
        d.put("Projection", p);
        if (provisioned && i.throughput() != null) {
            d.put("ProvisionedThroughput", throughput(i.throughput().readCapacityUnits(), i.throughput().writeCapacityUnits()));
        }
        return d;
    }

    private static Map<String, Object> throughput(long read, long write) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ReadCapacityUnits", read);
        m.put("WriteCapacityUnits", write);
        return m;
    }

    private static long orMinusOne(Long v) { return v == null ? -1L : v; }
}
