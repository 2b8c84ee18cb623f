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
    public static final long ON_DEMAND_INITIAL_READ = 12_000;
    /** docs/RULES.md#CAP-ON-DEMAND-INITIAL: a new on-demand table serves 4,000 writes/s. */
    public static final long ON_DEMAND_INITIAL_WRITE = 4_000;
    /** docs/RULES.md#CAP-ON-DEMAND-PEAK: on-demand instantly serves twice the previous peak. */
    public static final double ON_DEMAND_PEAK_MULTIPLIER = 2.0;

    /** docs/RULES.md#QUOTA-TABLE: default per-table throughput quota (table plus its GSIs), each of R and W. */
    public static final long DEFAULT_TABLE_QUOTA = 40_000;

    private Rules() {}
}
