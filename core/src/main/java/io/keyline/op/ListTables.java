package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.Tables;
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
        // Limit (1 to 100) and ExclusiveStartTableName (a table name) are checked with the shape.
        Integer limit = request.limit();
        String start = request.exclusiveStartTableName();
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
