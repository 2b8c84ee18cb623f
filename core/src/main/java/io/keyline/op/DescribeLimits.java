package io.keyline.op;

import io.keyline.capacity.Rules;
import io.keyline.op.control.Throughputs;
import io.keyline.op.request.DescribeLimitsRequest;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/** DescribeLimits: the account's and each table's provisioned capacity maxima (docs/RULES.md#QUOTA-TABLE, #QUOTA-ACCOUNT). Stateless. */
public final class DescribeLimits implements Operation<DescribeLimitsRequest> {
    @Override public String name() { return "DescribeLimits"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    /** The request has no members: anything sent is ignored. */
    @Override public DescribeLimitsRequest decode(JsonObject request) { return DescribeLimitsRequest.INSTANCE; }

    @Override public Object run(DescribeLimitsRequest request) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("AccountMaxReadCapacityUnits", Throughputs.ACCOUNT_MAX_READ_CAPACITY_UNITS);
        out.put("AccountMaxWriteCapacityUnits", Throughputs.ACCOUNT_MAX_WRITE_CAPACITY_UNITS);
        out.put("TableMaxReadCapacityUnits", Rules.DEFAULT_TABLE_QUOTA);
        out.put("TableMaxWriteCapacityUnits", Rules.DEFAULT_TABLE_QUOTA);
        return out;
    }
}
