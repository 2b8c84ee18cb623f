package io.keyline.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private final Workload.ClientModel client = new Workload.ClientModel(10, Duration.ofMillis(25), Duration.ofSeconds(1));

    @Test void fullJitterUnderADoublingCeilingCappedAtTheMaximum() {
        Backoff b = new Backoff(client, 1);
        long[] max = new long[8];
        for (int i = 0; i < 2_000; i++) {
            for (int retry = 1; retry <= 7; retry++) max[retry] = Math.max(max[retry], b.delayNanos(retry));
        }
        for (int retry = 1; retry <= 7; retry++) {
            long ceiling = Math.min(1_000_000_000L, 25_000_000L << (retry - 1));
            assertThat(max[retry]).isLessThanOrEqualTo(ceiling).isGreaterThan(ceiling * 9 / 10);
        }
    }

    @Test void theSameSeedGivesTheSameDelays() {
        Backoff a = new Backoff(client, 7), b = new Backoff(client, 7);
        for (int i = 1; i < 50; i++) assertThat(a.delayNanos(1 + i % 5)).isEqualTo(b.delayNanos(1 + i % 5));
    }
}
