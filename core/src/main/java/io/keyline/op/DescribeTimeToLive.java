package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TimeToLiveState;
import io.keyline.op.request.DescribeTimeToLiveRequest;
import io.keyline.op.request.Names;
import io.keyline.op.response.TimeToLiveDescriptions;
import io.keyline.protocol.JsonObject;

/**
 * DescribeTimeToLive: the table's Time to Live status and attribute (docs/RULES.md#TTL-DESCRIBE),
 * DISABLED for a table never configured. Stateless.
 */
public final class DescribeTimeToLive implements Operation<DescribeTimeToLiveRequest> {
    private final Tables tables;

    public DescribeTimeToLive(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "DescribeTimeToLive"; }

    /** A read of the catalog: waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public DescribeTimeToLiveRequest decode(JsonObject request) {
        return new DescribeTimeToLiveRequest(request.string("TableName"));
    }

    @Override public Object run(DescribeTimeToLiveRequest request) {
        TableMetadata table = tables.get(request.tableName());
        if (table == null) throw Names.notFound(request.tableName());
        TimeToLiveState state = table.timeToLive();
        return TimeToLiveDescriptions.describe(state == null ? null : state.resolvedAt(tables.now()));
    }
}
