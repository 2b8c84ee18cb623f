package io.keyline.capacity;

/** Which limit stopped a request: the last part of a throttling reason (docs/RULES.md#THROTTLE-REASONS). */
public enum LimitKind {
    /** A partition's ceiling (hot key range); both billing modes. */
    KEY_RANGE("KeyRangeThroughputExceeded"),
    /** The provisioned units of the table or index, burst included. */
    PROVISIONED("ProvisionedThroughputExceeded"),
    /** The per-table throughput quota of an on-demand table. */
    ACCOUNT_LIMIT("AccountLimitExceeded"),
    /** A configured OnDemandThroughput maximum. */
    MAX_ON_DEMAND("MaxOnDemandThroughputExceeded");

    final String suffix;

    LimitKind(String suffix) { this.suffix = suffix; }
}
