package io.keyline.model;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Reads a number's text in one pass, in time linear in its length, and applies DynamoDB's number
 * rules (docs/RULES.md#LIMIT-NUMBER) before any arithmetic.
 *
 * <p>Why not {@code new BigDecimal(text).stripTrailingZeros()}: both steps are quadratic in the
 * number of digits ("1." followed by 160,000 zeros, a valid way of writing 1, cost seconds of CPU).
 * Here the digits are only scanned: leading and trailing zeros are skipped by index, the
 * significant digits are counted, and a BigDecimal is built only from at most 38 of them.
 *
 * <p>The accepted grammar is exactly {@link BigDecimal#BigDecimal(String)}'s: an optional sign,
 * digits with at most one decimal point (at least one digit), an optional exponent {@code e|E},
 * optional sign, digits. Stateless; thread-safe.
 */
public final class NumberText {
    /** Why a text is not a DynamoDB number, in the order DynamoDB checks. */
    public enum Problem { NOT_A_NUMBER, TOO_PRECISE, OVERFLOW, UNDERFLOW }

    /** Thrown for a text that is not a number under DynamoDB's rules. */
    public static final class Invalid extends RuntimeException {
        private final Problem problem;

        Invalid(Problem problem) {
            super(problem.name(), null, false, false);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    private NumberText() {}

    /** The number, normalized as {@link Numbers#normalize} would; throws {@link Invalid}. */
    public static BigDecimal parse(String text) {
        int n = text.length();
        int i = 0;
        boolean negative = false;
        if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) negative = text.charAt(i++) == '-';
        int intStart = i;
        while (i < n && isDigit(text.charAt(i))) i++;
        int intEnd = i;
        int fracStart = intEnd, fracEnd = intEnd;
        if (i < n && text.charAt(i) == '.') {
            fracStart = ++i;
            while (i < n && isDigit(text.charAt(i))) i++;
            fracEnd = i;
        }
        if (intEnd == intStart && fracEnd == fracStart) throw new Invalid(Problem.NOT_A_NUMBER);
        long exponent = 0;
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) negativeExponent = text.charAt(i++) == '-';
            int expStart = i;
            while (i < n && isDigit(text.charAt(i))) {
                // Past int range BigDecimal refuses the text; saturating keeps the scan linear.
                exponent = Math.min(exponent * 10 + (text.charAt(i) - '0'), 1L << 40);
                i++;
            }
            if (i == expStart) throw new Invalid(Problem.NOT_A_NUMBER);
            if (negativeExponent) exponent = -exponent;
        }
        if (i != n) throw new Invalid(Problem.NOT_A_NUMBER);
        int fractionDigits = fracEnd - fracStart;
        long scale = fractionDigits - exponent;
        if (scale < Integer.MIN_VALUE || scale > Integer.MAX_VALUE) throw new Invalid(Problem.NOT_A_NUMBER);

        // The digits as one sequence: the integer part, then the fraction part.
        int total = (intEnd - intStart) + fractionDigits;
        int first = 0;
        while (first < total && digitAt(text, intStart, intEnd, fracStart, first) == '0') first++;
        if (first == total) return BigDecimal.ZERO;
        int last = total - 1;
        while (digitAt(text, intStart, intEnd, fracStart, last) == '0') last--;
        int significant = last - first + 1;
        if (significant > Numbers.MAX_PRECISION) throw new Invalid(Problem.TOO_PRECISE);
        // value = digits[first..last] × 10^(trailing zeros dropped − scale)
        long unscaledScale = scale - (total - 1 - last);
        long leadingExponent = significant - 1 - unscaledScale;
        if (leadingExponent > Numbers.MAX_EXPONENT) throw new Invalid(Problem.OVERFLOW);
        if (leadingExponent < Numbers.MIN_EXPONENT) throw new Invalid(Problem.UNDERFLOW);
        StringBuilder digits = new StringBuilder(significant + 1);
        if (negative) digits.append('-');
        for (int k = first; k <= last; k++) digits.append(digitAt(text, intStart, intEnd, fracStart, k));
        return new BigDecimal(new BigInteger(digits.toString()), (int) unscaledScale);
    }

    private static char digitAt(String text, int intStart, int intEnd, int fracStart, int k) {
        int intDigits = intEnd - intStart;
        return k < intDigits ? text.charAt(intStart + k) : text.charAt(fracStart + k - intDigits);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
