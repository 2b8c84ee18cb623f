package io.keyline.metadata;

import io.keyline.metadata.ProvisionedThroughputState;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ProvisionedThroughputStateTest {
    private static final Instant MORNING = Instant.parse("2026-03-01T08:00:00Z");

    @Test void fourDecreasesAnyTimeThenOnePerHour() {
        ProvisionedThroughputState s = ProvisionedThroughputState.of(100, 100);
        Instant t = MORNING;
        for (int i = 1; i <= 4; i++) {
            assertThat(s.decreaseAllowed(t)).isTrue();
            s = s.changedTo(100 - i, 100, t);
        }
        assertThat(s.decreasesToday(t)).isEqualTo(4);
        assertThat(s.decreaseAllowed(t)).isFalse();
        assertThat(s.nextDecreaseAllowed(t)).isEqualTo(t.plus(Duration.ofHours(1)));
        t = t.plus(Duration.ofHours(1));
        assertThat(s.decreaseAllowed(t)).isTrue();
    }

    @Test void budgetResetsAtUtcMidnightAndCapsAt27() {
        ProvisionedThroughputState s = ProvisionedThroughputState.of(1000, 1000);
        Instant midnight = Instant.parse("2026-03-01T00:00:00Z");
        for (int i = 0; i < 4; i++) s = s.changedTo(s.readCapacityUnits() - 1, 1000, midnight);
        Instant t = midnight;
        for (int hour = 1; hour <= 23; hour++) {
            t = midnight.plus(Duration.ofHours(hour));
            assertThat(s.decreaseAllowed(t)).as("hour %d", hour).isTrue();
            s = s.changedTo(s.readCapacityUnits() - 1, 1000, t);
        }
        assertThat(s.decreasesToday(t)).isEqualTo(ProvisionedThroughputState.MAX_DECREASES_PER_DAY);
        Instant nextDay = Instant.parse("2026-03-02T00:00:00Z");
        assertThat(s.nextDecreaseAllowed(t.plus(Duration.ofMinutes(59)))).isEqualTo(nextDay);
        assertThat(s.decreasesToday(nextDay)).isZero();
        assertThat(s.decreaseAllowed(nextDay)).isTrue();
    }

    @Test void increasesAreFreeAndStamped() {
        ProvisionedThroughputState s = ProvisionedThroughputState.of(1, 1).changedTo(5, 1, MORNING);
        assertThat(s.lastIncrease()).isEqualTo(MORNING);
        assertThat(s.lastDecrease()).isNull();
        assertThat(s.decreasesToday(MORNING)).isZero();
    }
}
