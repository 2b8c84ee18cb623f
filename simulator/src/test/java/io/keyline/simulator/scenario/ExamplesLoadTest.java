package io.keyline.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.run.SimRequest;
import io.keyline.simulator.run.TrafficSource;
import io.keyline.simulator.run.Workload;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Every example in examples/ loads, and its first requests are the operations it declares. */
class ExamplesLoadTest {
    static final Path EXAMPLES = Path.of("..", "examples");

    static Workload load(String name) throws ScenarioException {
        return ScenarioFile.load(EXAMPLES.resolve(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"scan-before.yaml", "scan-after.yaml", "iot-before.yaml", "iot-after.yaml",
            "orders-before.yaml", "orders-after.yaml", "hotkey-before.yaml", "hotkey-after.yaml"})
    void loadsAndMakesRequests(String file) throws ScenarioException {
        Workload w = load(file);
        assertThat(w.name()).isEqualTo(file.replace(".yaml", ""));
        assertThat(w.createTables()).isNotEmpty();
        assertThat(w.client()).isEqualTo(ScenarioReader.SDK_V2_DYNAMODB_RETRIES);
        double[] scale = new double[w.patterns().size()];
        Arrays.fill(scale, 1.0);
        TrafficSource.Traffic t = w.traffic().open(scale);
        long last = 0;
        for (int i = 0; i < 200; i++) {
            SimRequest r = t.next();
            if (r == null) break;
            assertThat(r.atNanos()).isGreaterThanOrEqualTo(last);
            last = r.atNanos();
            assertThat(r.operation()).isEqualTo(w.patterns().get(r.pattern()).operation());
        }
    }

    @Test
    void iotBeforeWritesAtTheSeedsPeakIntoADayKeyedIndex() throws ScenarioException {
        Workload w = load("iot-before.yaml");
        Workload.Pattern ingest = w.patterns().get(0);
        assertThat(ingest.peakRate()).isEqualTo(140_000.0);
        assertThat(ingest.operation()).isEqualTo("PutItem");
        SimRequest r = w.traffic().open(new double[] {1, 1, 1}).next();
        @SuppressWarnings("unchecked")
        Map<String, Object> day = (Map<String, Object>) r.body().object("Item").raw().get("day");
        assertThat(day).isEqualTo(Map.of("S", "2026-08-03"));
    }

    @Test
    void scanBeforePreloads400000ItemsOfAboutAKilobyte() throws ScenarioException {
        Workload w = load("scan-before.yaml");
        assertThat(w.preloads()).hasSize(1);
        assertThat(w.preloads().get(0).count()).isEqualTo(400_000);
        assertThat(w.patterns().get(0).allPages()).isTrue();
    }
}
