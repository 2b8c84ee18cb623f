package io.keyline.capacity;

/** How a read is priced (docs/RULES.md#CAP-READ-CONSISTENCY): eventual half, strong full, transactional double. */
public enum ReadConsistency {
    EVENTUAL(Rules.EVENTUAL_READ_FACTOR),
    STRONG(1.0),
    TRANSACTIONAL(Rules.TRANSACTIONAL_FACTOR);

    private final double factor;

    ReadConsistency(double factor) { this.factor = factor; }

    /** Multiplier applied to the number of 4 KB blocks. */
    public double factor() { return factor; }

    public static ReadConsistency of(boolean consistentRead) { return consistentRead ? STRONG : EVENTUAL; }
}
