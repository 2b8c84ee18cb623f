package io.keyline.op;

import io.keyline.capacity.Rules;
import io.keyline.op.control.Throughputs;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/** DescribeLimits: the account's and each table's provisioned capacity maxima (dynamodb-rules.md B.8). Stateless. */
public final class DescribeLimits implements Operation<JsonObject> {
    @Override public String name() { return "DescribeLimits"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** Not yet decoded into a record: the handler reads the wire object itself. */
    @Override public JsonObject decode(JsonObject request) { return request; }

    @Override public Object run(JsonObject request) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("AccountMaxReadCapacityUnits", Throughputs.ACCOUNT_MAX_READ_CAPACITY_UNITS);
        out.put("AccountMaxWriteCapacityUnits", Throughputs.ACCOUNT_MAX_WRITE_CAPACITY_UNITS);
        out.put("TableMaxReadCapacityUnits", Rules.DEFAULT_TABLE_QUOTA);
        out.put("TableMaxWriteCapacityUnits", Rules.DEFAULT_TABLE_QUOTA);
        return out;
    }
}
