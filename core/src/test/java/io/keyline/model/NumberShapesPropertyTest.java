package io.keyline.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The pathological shapes of one number, as jqwik properties beside NumberTextTest (which checks
 * the grammar against BigDecimal on short text and one fixed long run of zeros): a value written
 * with long runs of zeros on either side, its decimal point moved and an exponent making up
 * for it (up to tens of thousands of characters, exponents near int's limits) reads as the same
 * value, or as the same problem, as its shortest form. Text this long is too slow for the
 * BigDecimal reference, so the expectation is computed from the value, not from the text
 * (DynamoDB's rules: docs/RULES.md#LIMIT-NUMBER).
 */
class NumberShapesPropertyTest {

    /**
     * A value, the offset of its exponent, a long spelling of value × 10^offset, and the scale
     * that spelling states (digits after the point minus the exponent written).
     */
    record Shape(BigDecimal value, long offset, String text, long exponent, long textScale) {}

    @Property(tries = 400)
    void aLongSpellingReadsAsItsValue(@ForAll("shapes") Shape shape) {
        Object expected = expected(shape.value(), shape.offset());
        if (writableAsBigDecimal(shape)) {
            assertThat(outcome(shape.text())).as("%s", abbreviate(shape.text())).isEqualTo(expected);
        } else {
            // BigDecimal refuses an exponent or scale past int; NumberText reads some of those by
            // value (0.0e2147483648 is 0, 1e2147483648 an overflow). Either is a ValidationException.
            assertThat(outcome(shape.text())).as("%s", abbreviate(shape.text())).isIn(expected, NumberText.Problem.NOT_A_NUMBER);
        }
    }

    /**
     * Whether BigDecimal, whose grammar NumberText keeps (NumberTextTest), reads the text: the
     * exponent written must fit an int, and so must the scale it gives.
     */
    private static boolean writableAsBigDecimal(Shape shape) {
        return shape.exponent() == (int) shape.exponent() && shape.textScale() == (int) shape.textScale();
    }

    private static Object outcome(String text) {
        try {
            return NumberText.parse(text).stripTrailingZeros().toString();
        } catch (NumberText.Invalid e) {
            return e.problem();
        }
    }

    /** DynamoDB's reading of value × 10^offset: precision first, then overflow, then underflow. */
    private static Object expected(BigDecimal value, long offset) {
        if (value.signum() == 0) return "0";
        BigDecimal n = value.stripTrailingZeros();
        if (n.precision() > Numbers.MAX_PRECISION) return NumberText.Problem.TOO_PRECISE;
        long leading = (long) n.precision() - n.scale() - 1 + offset;
        if (leading > Numbers.MAX_EXPONENT) return NumberText.Problem.OVERFLOW;
        if (leading < Numbers.MIN_EXPONENT) return NumberText.Problem.UNDERFLOW;
        return n.scaleByPowerOfTen((int) offset).stripTrailingZeros().toString();
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 60) + "..." + text.substring(text.length() - 60) + " (" + text.length() + " chars)";
    }

    @Provide
    Arbitrary<Shape> shapes() {
        Arbitrary<BigInteger> digits = Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(45).map(BigInteger::new);
        Arbitrary<Integer> scale = Arbitraries.integers().between(-140, 140);
        Arbitrary<Integer> zeros = Arbitraries.oneOf(Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, 40_000));
        Arbitrary<Long> point = Arbitraries.oneOf(Arbitraries.longs().between(-50, 50), Arbitraries.longs().between(-60_000, 60_000));
        Arbitrary<Long> offset = Arbitraries.oneOf(Arbitraries.longs().between(-20, 20),
                Arbitraries.of((long) Integer.MAX_VALUE, (long) Integer.MIN_VALUE, 3_000_000_000L, -3_000_000_000L, 200L, -200L));
        Arbitrary<String> sign = Arbitraries.of("", "-", "+");
        return Combinators.combine(digits, scale, zeros, zeros, point, offset, sign)
                .as((u, s, lead, trail, p, off, sg) -> spell(new BigDecimal(sg.equals("-") ? u.negate() : u, s), lead, trail, p, off, sg));
    }

    /**
     * value = unscaled × 10^-scale, written as zeros, the digits and more zeros (an integer M =
     * unscaled × 10^trail, so value = M × 10^e0), with {@code point} digits after the decimal
     * point (none and zeros appended when not positive) and the exponent that makes up for it
     * plus {@code offset}.
     */
    private static Shape spell(BigDecimal value, int lead, int trail, long point, long offset, String sign) {
        String mantissa = "0".repeat(lead) + value.unscaledValue().abs() + "0".repeat(trail);
        long e0 = -(long) value.scale() - trail;
        String text;
        long fraction;
        if (point <= 0) {
            int z = (int) -point;
            text = mantissa + "0".repeat(z);
            fraction = -z;
        } else if (point < mantissa.length()) {
            int p = mantissa.length() - (int) point;
            text = mantissa.substring(0, p) + "." + mantissa.substring(p);
            fraction = point;
        } else {
            int z = (int) (point - mantissa.length());
            text = "0." + "0".repeat(z) + mantissa;
            fraction = mantissa.length() + z;
        }
        long exponent = e0 + fraction + offset;
        return new Shape(value, offset, sign + text + "e" + exponent, exponent, Math.max(0, fraction) - exponent);
    }
}
