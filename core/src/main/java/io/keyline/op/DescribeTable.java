package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.metadata.TableMetadata;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableDescriptions;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;
import java.util.Map;

/** DescribeTable: the full TableDescription of an existing table. Stateless. */
public final class DescribeTable implements Operation<JsonObject> {
    private final Engine engine;

    public DescribeTable(Engine engine) { this.engine = engine; }

    @Override public String name() { return "DescribeTable"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
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
