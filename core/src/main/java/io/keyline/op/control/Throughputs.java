package io.keyline.op.control;

import io.keyline.capacity.Rules;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.OnDemandThroughput;
import io.keyline.metadata.ProvisionedThroughputState;
import io.keyline.error.Errors;
import io.keyline.op.request.ProvisionedThroughput;
import java.time.Instant;
import java.util.List;

/**
 * DynamoDB's limits on provisioned and on-demand throughput settings, shared by CreateTable,
 * UpdateTable and DescribeLimits: the one home of UpdateTable's throughput rules (bounds, the
 * per-table quota, no-op changes, the daily decrease budget kept in
 * {@link ProvisionedThroughputState}). The per-table quota itself is {@link Rules#DEFAULT_TABLE_QUOTA}.
 * Stateless.
 */
public final class Throughputs {
    /** docs/RULES.md#QUOTA-ACCOUNT: 80,000 RCU per account and region, provisioned tables. */
    public static final long ACCOUNT_MAX_READ_CAPACITY_UNITS = 80_000;
    /** docs/RULES.md#QUOTA-ACCOUNT: 80,000 WCU per account and region, provisioned tables. */
    public static final long ACCOUNT_MAX_WRITE_CAPACITY_UNITS = 80_000;
    /** Largest value DynamoDB accepts at all before its limits (observed, dynalite validations/createTable.js). */
    static final long OUT_OF_BOUNDS = 1_000_000_000_000L;

    private Throughputs() {}

    public static void checkBounds(ProvisionedThroughput pt) {
        if (pt.readCapacityUnits() > OUT_OF_BOUNDS) {
            throw Errors.validation("Given value " + pt.readCapacityUnits() + " for ReadCapacityUnits is out of bounds");
        }
        if (pt.writeCapacityUnits() > OUT_OF_BOUNDS) {
            throw Errors.validation("Given value " + pt.writeCapacityUnits() + " for WriteCapacityUnits is out of bounds");
        }
    }

    /** A table's ProvisionedThroughput is refused when its billing mode is (or becomes) on-demand. */
    public static void refuseWithPayPerRequest(ProvisionedThroughput pt) {
        if (pt != null) {
            throw Errors.validation(SchemaRules.INVALID + "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
                    + "specified when BillingMode is PAY_PER_REQUEST");
        }
    }

    /** MaxRead/WriteRequestUnits are -1 (no maximum) or at least 1, and only for on-demand. */
    public static void checkOnDemand(OnDemandThroughput od, BillingMode mode) {
        if (mode != BillingMode.PAY_PER_REQUEST && (od.maxReadRequestUnits() != null || od.maxWriteRequestUnits() != null)) {
            throw Errors.validation(SchemaRules.INVALID + "OnDemandThroughput can only be specified when BillingMode is PAY_PER_REQUEST");
        }
        checkMax("MaxReadRequestUnits", od.maxReadRequestUnits(), Rules.DEFAULT_TABLE_QUOTA);
        checkMax("MaxWriteRequestUnits", od.maxWriteRequestUnits(), Rules.DEFAULT_TABLE_QUOTA);
    }

    private static void checkMax(String field, Long v, long limit) {
        if (v == null || v == -1) return;
        if (v < 1) {
            throw Errors.validation(SchemaRules.INVALID + field + " must be -1 or greater than or equal to 1, but was " + v);
        }
        if (v > limit) {
            throw Errors.limitExceeded("Subscriber limit exceeded: " + field + " of " + v
                    + " exceeds the per-table maximum of " + limit);
        }
    }

    /**
     * The table's and its GSIs' provisioned units together stay within the server's per-table
     * quota ({@code --table-quota}, by default {@link Rules#DEFAULT_TABLE_QUOTA}; docs/RULES.md#QUOTA-TABLE: adjustable).
     */
    public static void checkTableLimit(long read, long write, long maxRead, long maxWrite) {
        if (read > maxRead || write > maxWrite) {
            throw Errors.limitExceeded("Subscriber limit exceeded: Provisioned throughput for the table and its global "
                    + "secondary indexes (" + read + " read capacity units, " + write + " write capacity units) exceeds "
                    + "the per-table maximum of " + maxRead + " read capacity units and "
                    + maxWrite + " write capacity units");
        }
    }

    /** {@link #checkTableLimit(long, long, long, long)} for a table's state and its GSIs. */
    public static void checkTableLimit(ProvisionedThroughputState table, List<IndexMetadata> gsis, long maxRead, long maxWrite) {
        long read = table.readCapacityUnits();
        long write = table.writeCapacityUnits();
        for (IndexMetadata g : gsis) {
            if (g.throughput() == null) continue;
            read += g.throughput().readCapacityUnits();
            write += g.throughput().writeCapacityUnits();
        }
        checkTableLimit(read, write, maxRead, maxWrite);
    }

    /** A throughput change of the table or a GSI, with DynamoDB's no-op and decrease rules. */
    public static ProvisionedThroughputState change(String what, ProvisionedThroughputState state, ProvisionedThroughput pt,
                                                      boolean otherChanges, Instant now) {
        Throughputs.checkBounds(pt);
        long read = pt.readCapacityUnits();
        long write = pt.writeCapacityUnits();
        if (read == state.readCapacityUnits() && write == state.writeCapacityUnits()) {
            if (otherChanges) return state;
            throw Errors.validation("The provisioned throughput for the " + what + " will not change. The requested value "
                    + "equals the current value. Current ReadCapacityUnits provisioned for the " + what + ": "
                    + state.readCapacityUnits() + ". Requested ReadCapacityUnits: " + read + ". Current "
                    + "WriteCapacityUnits provisioned for the " + what + ": " + state.writeCapacityUnits()
                    + ". Requested WriteCapacityUnits: " + write + ". Refer to the Amazon DynamoDB Developer Guide "
                    + "for current limits and how to request higher limits.");
        }
        if (state.isDecrease(read, write) && !state.decreaseAllowed(now)) {
            throw Errors.limitExceeded("Subscriber limit exceeded: Provisioned throughput decreases are limited within a "
                    + "given UTC day. After the first " + ProvisionedThroughputState.FREE_DECREASES_PER_DAY + " decreases, "
                    + "each subsequent decrease in the same UTC day can be performed at most once every 3600 seconds. "
                    + "Number of decreases today: " + state.decreasesToday(now) + ". Last decrease at "
                    + state.lastDecrease() + ". Next decrease can be made at " + state.nextDecreaseAllowed(now));
        }
        return state.changedTo(read, write, now);
    }
}
