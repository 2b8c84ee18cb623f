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
 * @param warmRead  read units a second the client asked to be warm for (WarmThroughput), or 0
 * @param warmWrite write units a second the client asked to be warm for, or 0
 */
public record Throughput(BillingMode billing, double read, double write, double maxRead, double maxWrite,
                         double warmRead, double warmWrite) {

    public Throughput(BillingMode billing, double read, double write, double maxRead, double maxWrite) {
        this(billing, read, write, maxRead, maxWrite, 0, 0);
    }

    /** The same throughput, pre-warmed for {@code read} and {@code write} units a second (docs/RULES.md#CAP-WARM-THROUGHPUT). */
    public Throughput warmedTo(double read, double write) {
        return new Throughput(billing, this.read, this.write, maxRead, maxWrite, read, write);
    }

    public static Throughput provisioned(double read, double write) {
        return new Throughput(BillingMode.PROVISIONED, read, write, 0, 0);
    }

    public static Throughput onDemand() { return new Throughput(BillingMode.PAY_PER_REQUEST, 0, 0, 0, 0); }

    public static Throughput onDemand(double maxRead, double maxWrite) {
        return new Throughput(BillingMode.PAY_PER_REQUEST, 0, 0, maxRead, maxWrite);
    }

    public boolean onDemandMode() { return billing == BillingMode.PAY_PER_REQUEST; }
}
