package io.keyline.op;

import io.keyline.engine.Backups;
import io.keyline.engine.Engine;
import io.keyline.engine.api.RestoreSummary;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.request.Names;
import io.keyline.op.request.DescribeTableRequest;
import io.keyline.op.response.BackupDescriptions;
import io.keyline.op.response.TableDescriptions;
import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;
import java.util.Map;

/** DescribeTable: the full TableDescription of an existing table. Stateless. */
public final class DescribeTable implements Operation<DescribeTableRequest> {
    private final Tables tables;
    private final Backups backups;

    public DescribeTable(Engine engine) {
        this.tables = engine.tables();
        this.backups = engine.backups();
    }

    @Override public String name() { return "DescribeTable"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public DescribeTableRequest decode(JsonObject request) { return new DescribeTableRequest(request.string("TableName")); }

    /** docs/RULES.md#VALIDATION-TABLE-NAME: a missing or wrong-length TableName first, in words of its own. */
    @Override public void constraints(JsonObject request, Violations violations) {
        Names.checkControlPlaneName(request.string("TableName"));
    }

    @Override public Object run(DescribeTableRequest request) {
        String name = request.tableName();
        TableMetadata t = tables.get(name);
        if (t == null) throw Names.notFound(name);
        Map<String, Object> d = TableDescriptions.full(tables.shown(t), tables.usageOf(t), tables.now(), tables.region(), tables.accountId());
        RestoreSummary restored = backups.restoreSummary(t);
        if (restored != null) d.put("RestoreSummary", BackupDescriptions.restoreSummary(restored));
        return Map.of("Table", d);
    }
}
