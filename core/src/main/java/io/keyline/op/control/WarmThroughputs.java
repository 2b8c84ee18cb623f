package io.keyline.op.control;

import io.keyline.capacity.Rules;
import io.keyline.error.Errors;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.metadata.WarmThroughput;
import io.keyline.op.request.Constraints;

/**
 * DynamoDB's rules on a requested WarmThroughput (CreateTable, UpdateTable, a GSI's Create or
 * Update action; docs/RULES.md#CAP-WARM-THROUGHPUT): each member at least 1, and never below
 * what the table or GSI is already warm for, since warm throughput only grows. Equal values and
 * a single member are accepted. Stateless.
 */
public final class WarmThroughputs {
    /** Smallest member value: the API's minimum (terraform-provider-aws#48785) [inf]. */
    static final long MIN_UNITS = 1;

    private WarmThroughputs() {}

    /** The member constraints, reported with the request's other constraint violations. */
    public static void constrain(WarmThroughput w, String path, Constraints c) {
        if (w == null) return;
        c.atLeast(path + ".readUnitsPerSecond", w.readUnitsPerSecond(), MIN_UNITS);
        c.atLeast(path + ".writeUnitsPerSecond", w.writeUnitsPerSecond(), MIN_UNITS);
    }

    /**
     * What a new table or GSI is warm for before any request: on-demand, the new-table
     * 12,000 / 4,000; provisioned, its provisioned units.
     */
    public static long[] initial(BillingMode mode, ProvisionedThroughputState provisioned) {
        if (mode == BillingMode.PAY_PER_REQUEST || provisioned == null) {
            return new long[] {Rules.ON_DEMAND_INITIAL_READ, Rules.ON_DEMAND_INITIAL_WRITE};
        }
        return new long[] {provisioned.readCapacityUnits(), provisioned.writeCapacityUnits()};
    }

    /**
     * Refuses a member below {@code current} (read, write units a second) with DynamoDB's text
     * (quoted in terraform-provider-aws internal/service/dynamodb/table.go, for the table); for
     * a GSI the text names the index [inf].
     */
    public static void checkNotBelow(WarmThroughput w, long[] current, String owner) {
        if (w == null) return;
        if (w.readUnitsPerSecond() != null && w.readUnitsPerSecond() < current[0]) throw decrease("ReadUnitsPerSecond", owner);
        if (w.writeUnitsPerSecond() != null && w.writeUnitsPerSecond() < current[1]) throw decrease("WriteUnitsPerSecond", owner);
    }

    private static RuntimeException decrease(String member, String owner) {
        return Errors.validation("One or more parameter values were invalid: Requested " + member + " for WarmThroughput for "
                + owner + " is lower than current WarmThroughput, decreasing WarmThroughput is not supported");
    }
}
