package io.keyline.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Sampling keeps the throttling outcome: the same scenario run whole and at a tenth and a
 * fortieth of its requests (each weighing 10 or 40 in the capacity model) is throttled or not alike, on the same
 * resource for the same reason, with the same share of requests that gave up within three
 * percentage points, and the same throttled attempts, throttle events and units within 5%.
 */
class SamplingTest {
    private static Report run(Workload w, double fraction) {
        return Simulation.run(w, new Simulation.Options(Simulation.StorageMode.MEMORY, fraction), null, new ManualClock());
    }

    @Test void aDayKeyedIndexThrottlesAlikeSampledOrNot() {
        Workload w = Scenarios.writesOnly(4_000, 1, 8_000, 8_000, Duration.ofSeconds(30), 3, false);
        Report whole = run(w, 1.0);
        for (double fraction : new double[] {0.1, 0.025}) {
            Report sampled = run(w, fraction);
            assertThat(sampled.sampling()).containsEntry("write", fraction);
            assertSameOutcome(whole, sampled);
        }
    }

    private static void assertSameOutcome(Report whole, Report sampled) {

        ResourceReport gsiWhole = whole.tables().get(0).gsis().get(0);
        ResourceReport gsiSampled = sampled.tables().get(0).gsis().get(0);
        assertThat(gsiWhole.totals().throttleEventsByReason()).containsOnlyKeys("IndexWriteKeyRangeThroughputExceeded");
        assertThat(gsiSampled.totals().throttleEventsByReason()).containsOnlyKeys("IndexWriteKeyRangeThroughputExceeded");
        assertThat(whole.tables().get(0).table().totals().throttledRequests()).isZero();
        assertThat(sampled.tables().get(0).table().totals().throttledRequests()).isZero();

        PatternReport a = whole.patterns().get(0);
        PatternReport b = sampled.patterns().get(0);
        assertThat(b.requests()).isEqualTo(a.requests());
        assertThat(share(b.failed(), b.requests())).isCloseTo(share(a.failed(), a.requests()), within(0.03));
        assertThat((double) b.throttledAttempts()).isCloseTo(a.throttledAttempts(), within(a.throttledAttempts() * 0.05));
        assertThat(b.consumedWriteUnits()).isCloseTo(a.consumedWriteUnits(), within(a.consumedWriteUnits() * 0.05));
        assertThat(gsiSampled.totals().consumedWriteUnits()).isCloseTo(gsiWhole.totals().consumedWriteUnits(),
                within(gsiWhole.totals().consumedWriteUnits() * 0.05));
        assertThat((double) gsiSampled.totals().writeThrottleEvents()).isCloseTo(gsiWhole.totals().writeThrottleEvents(),
                within(gsiWhole.totals().writeThrottleEvents() * 0.05));
    }

    @Test void aShardedIndexStaysUnthrottledSampledOrNot() {
        Workload w = Scenarios.writesOnly(4_000, 10, 20_000, 20_000, Duration.ofSeconds(20), 5, false);
        Report whole = run(w, 1.0);
        Report sampled = run(w, 0.1);
        for (Report r : new Report[] {whole, sampled}) {
            assertThat(r.patterns().get(0).throttledAttempts()).isZero();
            assertThat(r.tables().get(0).gsis().get(0).totals().throttleEventsByReason()).isEmpty();
        }
        assertThat(sampled.patterns().get(0).consumedWriteUnits()).isCloseTo(whole.patterns().get(0).consumedWriteUnits(),
                within(whole.patterns().get(0).consumedWriteUnits() * 0.05));
    }

    @Test void theRunnerSamplesOnlyFastPatterns() {
        assertThat(Sampling.chosen(500)).isEqualTo(1.0);
        assertThat(Sampling.chosen(Sampling.UNSAMPLED_RATE)).isEqualTo(1.0);
        assertThat(Sampling.chosen(140_000)).isCloseTo(1 / 140.0, within(1e-12));
        assertThat(Sampling.chosen(10_000_000)).isEqualTo(Sampling.MIN_FRACTION);
    }

    private static double share(long part, long whole) { return whole == 0 ? 0 : (double) part / whole; }
}
