package io.keyline.capacity;

import java.time.Duration;

/**
 * DynamoDB's published capacity numbers, one constant each, with the docs/RULES.md entry that
 * gives its source. Rules that are our inference live in
 * {@link CapacitySettings} instead, so they can be corrected in one place.
 */
public final class Rules {
    /** docs/RULES.md#CAP-READ-UNIT: one read unit covers up to 4 KB. */
    public static final int READ_UNIT_BYTES = 4096;
    /** docs/RULES.md#CAP-WRITE-UNIT: one write unit covers up to 1 KB. */
    public static final int WRITE_UNIT_BYTES = 1024;
    /** docs/RULES.md#CAP-READ-CONSISTENCY: an eventually consistent read costs half a strong one. */
    public static final double EVENTUAL_READ_FACTOR = 0.5;
    /** docs/RULES.md#CAP-TRANSACTION: transactional reads and writes cost twice. */
    public static final double TRANSACTIONAL_FACTOR = 2.0;
    /** docs/RULES.md#CAP-READ-MISSING: GetItem of a missing item costs one (strong) unit. */
    public static final double MISSING_ITEM_READ_UNITS = 1.0;
    /** docs/RULES.md#CAP-WRITE-DELETE: DeleteItem of a missing item costs 1 WCU. */
    public static final double MISSING_ITEM_DELETE_UNITS = 1.0;
    /** docs/RULES.md#CAP-WRITE-FAILED-CONDITION: a failed conditional write on a new item costs 1 WCU. */
    public static final double FAILED_CONDITION_NEW_ITEM_UNITS = 1.0;

    /** docs/RULES.md#CAP-PARTITION-READ: read units one partition serves per second. */
    public static final double PARTITION_READ_CEILING = 3000;
    /** docs/RULES.md#CAP-PARTITION-WRITE: write units one partition serves per second. */
    public static final double PARTITION_WRITE_CEILING = 1000;
    /** docs/RULES.md#PART-SIZE: a partition holds at most 10 GB. */
    public static final long MAX_PARTITION_BYTES = 10L * 1024 * 1024 * 1024;
    /** docs/RULES.md#CAP-BURST: unused capacity is kept for up to 300 seconds of burst. */
    public static final Duration BURST_WINDOW = Duration.ofSeconds(300);

    /** docs/RULES.md#CAP-ON-DEMAND-INITIAL: a new on-demand table serves 12,000 reads/s. */
    public static final double ON_DEMAND_INITIAL_READ = 12_000;
    /** docs/RULES.md#CAP-ON-DEMAND-INITIAL: a new on-demand table serves 4,000 writes/s. */
    public static final double ON_DEMAND_INITIAL_WRITE = 4_000;
    /** docs/RULES.md#CAP-ON-DEMAND-PEAK: on-demand instantly serves twice the previous peak. */
    public static final double ON_DEMAND_PEAK_MULTIPLIER = 2.0;

    /** docs/RULES.md#QUOTA-TABLE: default per-table throughput quota (table plus its GSIs), each of R and W. */
    public static final double DEFAULT_TABLE_QUOTA = 40_000;
    /** docs/RULES.md#UPDATE-MIN-THROUGHPUT: provisioned throughput is at least 1 RCU and 1 WCU. */
    public static final long MIN_PROVISIONED_UNITS = 1;
    /** docs/RULES.md#UPDATE-DECREASES: four decreases are allowed at any time of the UTC day. */
    public static final int FREE_DECREASES_PER_DAY = 4;
    /** docs/RULES.md#UPDATE-DECREASES: at most 27 decreases per UTC day. */
    public static final int MAX_DECREASES_PER_DAY = 27;
    /** docs/RULES.md#UPDATE-DECREASES: after the free ones, one more decrease per hour without a decrease. */
    public static final Duration DECREASE_INTERVAL = Duration.ofHours(1);
    /** docs/RULES.md#UPDATE-ON-DEMAND-SWITCH: provisioned → on-demand at most 4 times ... */
    public static final int ON_DEMAND_SWITCHES_PER_WINDOW = 4;
    /** ... in a 24-hour rolling window (older documentation's "once per 24 h" was superseded). */
    public static final Duration ON_DEMAND_SWITCH_WINDOW = Duration.ofHours(24);

    private Rules() {}
}
