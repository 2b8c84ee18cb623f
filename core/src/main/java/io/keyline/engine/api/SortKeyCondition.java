package io.keyline.engine.api;

/** The sort-key conditions a Query may use, each of which selects one contiguous key range. */
public enum SortKeyCondition {
    /** {@code sk = a} */
    EQ,
    /** {@code sk < a} */
    LT,
    /** {@code sk <= a} */
    LE,
    /** {@code sk > a} */
    GT,
    /** {@code sk >= a} */
    GE,
    /** {@code sk BETWEEN a AND b} (both inclusive) */
    BETWEEN,
    /** {@code begins_with(sk, a)}, for S and B sort keys */
    BEGINS_WITH
}
