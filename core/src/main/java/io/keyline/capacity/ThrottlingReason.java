package io.keyline.capacity;

/**
 * The 16 throttling reasons, {@code <Table|Index><Read|Write><limit>} (docs/RULES.md#THROTTLE-REASONS). {@link #name()} is Java's; {@link #wire()} is DynamoDB's.
 */
public enum ThrottlingReason {
    TABLE_READ_KEY_RANGE, TABLE_READ_PROVISIONED, TABLE_READ_ACCOUNT_LIMIT, TABLE_READ_MAX_ON_DEMAND,
    TABLE_WRITE_KEY_RANGE, TABLE_WRITE_PROVISIONED, TABLE_WRITE_ACCOUNT_LIMIT, TABLE_WRITE_MAX_ON_DEMAND,
    INDEX_READ_KEY_RANGE, INDEX_READ_PROVISIONED, INDEX_READ_ACCOUNT_LIMIT, INDEX_READ_MAX_ON_DEMAND,
    INDEX_WRITE_KEY_RANGE, INDEX_WRITE_PROVISIONED, INDEX_WRITE_ACCOUNT_LIMIT, INDEX_WRITE_MAX_ON_DEMAND;

    private final String wire;

    ThrottlingReason() {
        String[] parts = name().split("_", 3);
        wire = cap(parts[0]) + cap(parts[1]) + LimitKind.values()[ordinal() % 4].suffix;
    }

    /** The reason as it appears in {@code ThrottlingReasons[].reason}, e.g. IndexWriteKeyRangeThroughputExceeded. */
    public String wire() { return wire; }

    public LimitKind limit() { return LimitKind.values()[ordinal() % 4]; }

    public static ThrottlingReason of(boolean index, boolean write, LimitKind limit) {
        return values()[(index ? 8 : 0) + (write ? 4 : 0) + limit.ordinal()];
    }

    private static String cap(String s) { return s.charAt(0) + s.substring(1).toLowerCase(); }
}
