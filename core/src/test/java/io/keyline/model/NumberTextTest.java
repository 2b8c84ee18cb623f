package io.keyline.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Assume;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * NumberText against the definition it replaces: BigDecimal's grammar, then DynamoDB's checks in
 * their order (precision, overflow, underflow) on the normalized value.
 */
class NumberTextTest {

    /** The slow, obviously right reading: what the code did before NumberText. */
    private static Object reference(String text) {
        BigDecimal d;
        try {
            if (!text.equals(text.trim()) || text.isEmpty() || !text.chars().allMatch(c -> c < 128)) {
                return NumberText.Problem.NOT_A_NUMBER;
            }
            d = new BigDecimal(text);
        } catch (NumberFormatException e) {
            return NumberText.Problem.NOT_A_NUMBER;
        }
        if (d.signum() == 0) return BigDecimal.ZERO;
        BigDecimal n;
        try {
            n = d.stripTrailingZeros();
        } catch (ArithmeticException scaleOverflow) {
            // The old reading failed here with a 500 (scale past int's range); no reference answer.
            return null;
        }
        if (n.precision() > Numbers.MAX_PRECISION) return NumberText.Problem.TOO_PRECISE;
        // In long: near int's limits Numbers.leadingExponent's int arithmetic wraps (the old code's bug).
        long exp = (long) n.precision() - n.scale() - 1;
        if (exp > Numbers.MAX_EXPONENT) return NumberText.Problem.OVERFLOW;
        if (exp < Numbers.MIN_EXPONENT) return NumberText.Problem.UNDERFLOW;
        return n;
    }

    private static Object actual(String text) {
        try {
            return NumberText.parse(text);
        } catch (NumberText.Invalid e) {
            return e.problem();
        }
    }

    @Property(tries = 3000)
    void agreesWithBigDecimalOnNumberShapedText(@ForAll("numberShaped") String text) {
        Object expected = reference(text);
        Assume.that(expected != null);
        Object got = actual(text);
        if (expected instanceof BigDecimal e) {
            assertThat(got).isInstanceOf(BigDecimal.class);
            assertThat((BigDecimal) got).isEqualByComparingTo(e);
            assertThat(((BigDecimal) got).toPlainString()).isEqualTo(e.toPlainString());
        } else {
            assertThat(got).isEqualTo(expected);
        }
    }

    @Property(tries = 1000)
    void agreesWithBigDecimalOnAnyShortText(@ForAll("anyText") String text) {
        Object expected = reference(text);
        Assume.that(expected != null);
        Object got = actual(text);
        if (expected instanceof BigDecimal e) assertThat((BigDecimal) got).isEqualByComparingTo(e);
        else assertThat(got).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> numberShaped() {
        Arbitrary<String> sign = Arbitraries.of("", "+", "-");
        Arbitrary<String> digits = Arbitraries.strings().withChars("0000123456789").ofMinLength(0).ofMaxLength(45);
        Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""),
                Arbitraries.strings().withChars("0000123456789").ofMaxLength(45).map(s -> "." + s));
        Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
                Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"),
                        Arbitraries.integers().between(0, 400)).as((e, s, v) -> e + s + v),
                Arbitraries.of("e", "E+", "e-2147483648", "E2147483647", "e99999999999"));
        return Combinators.combine(sign, digits, fraction, exponent).as((s, d, f, e) -> s + d + f + e);
    }

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.strings().withChars("0123456789+-.eE x٣").ofMaxLength(8);
    }

    @Test
    void zeroInEveryShape() {
        for (String zero : new String[] {"0", "-0", "+0.000", "0e999", ".0", "0.", "00000E-99999"}) {
            assertThat(NumberText.parse(zero)).isSameAs(BigDecimal.ZERO);
        }
    }

    /**
     * The pathological shapes: long runs of zeros around one digit are a valid way of writing
     * a small number. A quadratic reading took 60 s of CPU for 256,000 zeros; the timeout only
     * guards against a hang, it is not a performance target (that is in bench).
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void longRunsOfZerosAreReadInOnePass() {
        String zeros = "0".repeat(2_000_000);
        assertThat(NumberText.parse("1." + zeros)).isEqualByComparingTo("1");
        assertThat(NumberText.parse(zeros + "7")).isEqualByComparingTo("7");
        assertThat(NumberText.parse("-0." + zeros.substring(0, 129) + "5")).isEqualByComparingTo("-5E-130");
        assertThat(NumberText.parse("12" + zeros.substring(0, 124))).isEqualByComparingTo("1.2E125");
        assertThatThrownBy(() -> NumberText.parse("1" + zeros)).isInstanceOf(NumberText.Invalid.class)
                .extracting(e -> ((NumberText.Invalid) e).problem()).isEqualTo(NumberText.Problem.OVERFLOW);
        assertThatThrownBy(() -> NumberText.parse("0." + zeros + "1")).isInstanceOf(NumberText.Invalid.class)
                .extracting(e -> ((NumberText.Invalid) e).problem()).isEqualTo(NumberText.Problem.UNDERFLOW);
        assertThatThrownBy(() -> NumberText.parse("1" + "3".repeat(2_000_000))).isInstanceOf(NumberText.Invalid.class)
                .extracting(e -> ((NumberText.Invalid) e).problem()).isEqualTo(NumberText.Problem.TOO_PRECISE);
    }
}
