package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableDescriptions;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** DescribeTable: the full TableDescription of an existing table. Stateless. */
public final class DescribeTable implements Operation {
    private final Engine engine;

    public DescribeTable(Engine engine) { this.engine = engine; }

    @Override public String name() { return "DescribeTable"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public Object handle(JsonObject request) {
        Constraints c = new Constraints();
        String name = request.string("TableName");
        TableNames.check(name, c);
        c.throwIfAny();
        TableMetadata t = engine.catalog().get(name);
        if (t == null) throw TableNames.notFound(name);
        return Map.of("Table", TableDescriptions.full(t, engine.catalog(), engine.clock().now(),
                engine.settings().region(), engine.settings().accountId()));
    }
}
