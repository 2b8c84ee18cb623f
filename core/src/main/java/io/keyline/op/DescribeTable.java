package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.Names;
import io.keyline.op.request.DescribeTableRequest;
import io.keyline.op.response.TableDescriptions;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** DescribeTable: the full TableDescription of an existing table. Stateless. */
public final class DescribeTable implements Operation<DescribeTableRequest> {
    private final Tables tables;

    public DescribeTable(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "DescribeTable"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public DescribeTableRequest decode(JsonObject request) { return new DescribeTableRequest(request.string("TableName")); }

    @Override public Object run(DescribeTableRequest request) {
        Constraints c = new Constraints();
        String name = request.tableName();
        Names.check(name, c);
        c.throwIfAny();
        TableMetadata t = tables.get(name);
        if (t == null) throw Names.notFound(name);
        return Map.of("Table", TableDescriptions.full(tables.shown(t), tables.usageOf(t), tables.now(), tables.region(), tables.accountId()));
    }
}
