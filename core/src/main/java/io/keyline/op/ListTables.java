package io.keyline.op;

import io.keyline.op.request.Names;
import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
import io.keyline.op.request.Constraints;
import io.keyline.op.control.SchemaInput;
import io.keyline.op.request.ListTablesRequest;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListTables: table names in order, a page of at most Limit (1-100, default 100), with
 * LastEvaluatedTableName when more names follow. Stateless.
 */
public final class ListTables implements Operation<ListTablesRequest> {
    /** Source: API_ListTables: Limit is 1 to 100, and 100 when not given. */
    public static final int MAX_LIMIT = 100;

    private final Tables tables;

    public ListTables(Engine engine) { this.tables = engine.tables(); }

    @Override public String name() { return "ListTables"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public ListTablesRequest decode(JsonObject request) {
        return new ListTablesRequest(request.intValue("Limit"), request.string("ExclusiveStartTableName"));
    }

    @Override public Object run(ListTablesRequest request) {
        Constraints c = new Constraints();
        Integer limit = request.limit();
        String start = request.exclusiveStartTableName();
        if (limit != null) {
            c.atLeast("limit", (long) limit, 1);
            c.atMost("limit", (long) limit, MAX_LIMIT);
        }
        c.length("exclusiveStartTableName", start, Names.MIN_NAME, Names.MAX_NAME);
        c.namePattern("exclusiveStartTableName", start);
        c.throwIfAny();
        List<String> names = tables.names(start, limit == null ? MAX_LIMIT : limit);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("TableNames", names);
        if (!names.isEmpty() && tables.hasTablesAfter(names.get(names.size() - 1))
                && names.size() == (limit == null ? MAX_LIMIT : limit)) {
            out.put("LastEvaluatedTableName", names.get(names.size() - 1));
        }
        return out;
    }
}
