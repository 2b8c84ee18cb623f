package io.keyline.capacity;

import io.keyline.metadata.BillingMode;

/**
 * The throughput a table or GSI is configured with: provisioned units, or on-demand with
 * optional maximums (OnDemandThroughput; docs/RULES.md#CAP-ON-DEMAND-MAX). Immutable.
 *
 * @param read     provisioned RCU (ignored on demand)
 * @param write    provisioned WCU (ignored on demand)
 * @param maxRead  on-demand MaxReadRequestUnits, or 0 for none
 * @param maxWrite on-demand MaxWriteRequestUnits, or 0 for none
 */
public record Throughput(BillingMode billing, double read, double write, double maxRead, double maxWrite) {

    public static Throughput provisioned(double read, double write) {
        return new Throughput(BillingMode.PROVISIONED, read, write, 0, 0);
    }

    public static Throughput onDemand() { return new Throughput(BillingMode.PAY_PER_REQUEST, 0, 0, 0, 0); }

    public static Throughput onDemand(double maxRead, double maxWrite) {
        return new Throughput(BillingMode.PAY_PER_REQUEST, 0, 0, maxRead, maxWrite);
    }

    public boolean onDemandMode() { return billing == BillingMode.PAY_PER_REQUEST; }
}
