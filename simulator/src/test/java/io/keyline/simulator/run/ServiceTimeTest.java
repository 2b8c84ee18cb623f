package io.keyline.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.protocol.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulated client's service time: 5 ms an answer, and a Query or Scan page's bytes at 8 MB a second. */
class ServiceTimeTest {
    private static final long FIVE_MS = 5_000_000L;
    /** 1 MiB at 8 MiB a second. */
    private static final long ONE_MB = 125_000_000L;
    private static final Map<String, Object> PAGE = Map.of("Count", 0, "ScannedCount", 1_040);

    @Test void aFullPageEventuallyConsistentTakesAbout130Ms() {
        // 1 MB eventually consistent is 128 units of 8 KB
        assertThat(SimulatedClient.serviceNanos(new JsonObject(Map.of("TableName", "T")), PAGE, 128)).isEqualTo(FIVE_MS + ONE_MB);
    }

    @Test void theSameBytesStronglyConsistentTakeTheSameTime() {
        // twice the units for the same megabyte: the time follows the bytes, not the units
        JsonObject consistent = new JsonObject(Map.of("TableName", "T", "ConsistentRead", true));
        assertThat(SimulatedClient.serviceNanos(consistent, PAGE, 256)).isEqualTo(FIVE_MS + ONE_MB);
    }

    @Test void aSmallPageAndAnythingElseTakeAboutFiveMs() {
        assertThat(SimulatedClient.serviceNanos(new JsonObject(Map.of()), PAGE, 0.5)).isEqualTo(FIVE_MS + ONE_MB / 256);
        assertThat(SimulatedClient.serviceNanos(new JsonObject(Map.of()), Map.of("Item", Map.of()), 100)).isEqualTo(FIVE_MS);
        assertThat(SimulatedClient.serviceNanos(new JsonObject(Map.of()), Map.of(), 0)).isEqualTo(FIVE_MS);
    }
}
