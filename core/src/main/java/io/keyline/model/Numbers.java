package io.keyline.model;

import java.math.BigDecimal;

/**
 * DynamoDB's number rules: at most 38 significant digits, magnitude between 1E-130 and
 * 9.9999999999999999999999999999999999999E+125, and the canonical text DynamoDB returns.
 */
public final class Numbers {
    /** docs/RULES.md#LIMIT-NUMBER: 38 digits of precision. */
    public static final int MAX_PRECISION = 38;
    /** docs/RULES.md#LIMIT-NUMBER: positive range 1E-130 to 9.99..E+125. */
    public static final int MIN_EXPONENT = -130;
    public static final int MAX_EXPONENT = 125;

    private Numbers() {}

    public static BigDecimal normalize(BigDecimal v) {
        if (v.signum() == 0) return BigDecimal.ZERO;
        return v.stripTrailingZeros();
    }

    /** Text as DynamoDB returns it: plain notation, no exponent, no trailing zeros. */
    public static String format(BigDecimal v) {
        return normalize(v).toPlainString();
    }

    /** Exponent of the leading digit (1.5E3 → 3, 0.01 → -2). */
    public static int leadingExponent(BigDecimal v) {
        return v.precision() - v.scale() - 1;
    }
}
