package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The throttle line's numbers read as a person reads units: separators, no ".0", no "-0". */
class ThrottleExplanationUnitsTest {
    @Test void wholeUnitsHaveSeparatorsAndNoDecimal() {
        assertThat(ThrottleExplanation.units(18_000.0)).isEqualTo("18,000");
        assertThat(ThrottleExplanation.units(5_399_999.0)).isEqualTo("5,399,999");
        assertThat(ThrottleExplanation.units(1_000)).isEqualTo("1,000");
    }

    @Test void fractionsKeepOneDecimal() {
        assertThat(ThrottleExplanation.units(502.5)).isEqualTo("502.5");
        assertThat(ThrottleExplanation.units(0.25)).isEqualTo("0.3");
    }

    @Test void aBucketDrainedToALastFractionReadsZeroNotMinusZero() {
        assertThat(ThrottleExplanation.units(-0.0)).isEqualTo("0");
        assertThat(ThrottleExplanation.units(-0.04)).isEqualTo("0");
        assertThat(ThrottleExplanation.units(-3_000.0)).isEqualTo("-3,000");
    }
}
