package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.SchemaInput;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListTables: table names in order, a page of at most Limit (1-100, default 100), with
 * LastEvaluatedTableName when more names follow. Stateless.
 */
public final class ListTables implements Operation<JsonObject> {
    /** Source: API_ListTables: Limit is 1 to 100, and 100 when not given. */
    public static final int MAX_LIMIT = 100;

    private final Engine engine;

    public ListTables(Engine engine) { this.engine = engine; }

    @Override public String name() { return "ListTables"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Constraints c = new Constraints();
        Integer limit = request.intValue("Limit");
        String start = request.string("ExclusiveStartTableName");
        if (limit != null) {
            c.atLeast("limit", (long) limit, 1);
            c.atMost("limit", (long) limit, MAX_LIMIT);
        }
        c.length("exclusiveStartTableName", start, SchemaInput.MIN_NAME, SchemaInput.MAX_NAME);
        c.namePattern("exclusiveStartTableName", start);
        c.throwIfAny();
        List<String> names = engine.catalog().names(start, limit == null ? MAX_LIMIT : limit);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("TableNames", names);
        if (!names.isEmpty() && engine.catalog().hasTablesAfter(names.get(names.size() - 1))
                && names.size() == (limit == null ? MAX_LIMIT : limit)) {
            out.put("LastEvaluatedTableName", names.get(names.size() - 1));
        }
        return out;
    }
}
