package io.keyline.op;

import io.keyline.op.control.Throughputs;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/** DescribeLimits: the account's and each table's provisioned capacity maxima (dynamodb-rules.md B.8). Stateless. */
public final class DescribeLimits implements Operation {
    @Override public String name() { return "DescribeLimits"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public Object handle(JsonObject request) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("AccountMaxReadCapacityUnits", Throughputs.ACCOUNT_MAX_READ_CAPACITY_UNITS);
        out.put("AccountMaxWriteCapacityUnits", Throughputs.ACCOUNT_MAX_WRITE_CAPACITY_UNITS);
        out.put("TableMaxReadCapacityUnits", Throughputs.TABLE_MAX_READ_CAPACITY_UNITS);
        out.put("TableMaxWriteCapacityUnits", Throughputs.TABLE_MAX_WRITE_CAPACITY_UNITS);
        return out;
    }
}
