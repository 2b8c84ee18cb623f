package io.keyline.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.run.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The example at the top of docs/SIMULATOR.md's "Scenario file" section loads as written. */
class SimulatorDocExampleTest {
    @Test
    void theDocumentedExampleLoads() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "SIMULATOR.md"));
        int section = doc.indexOf("## Scenario file");
        int start = doc.indexOf("```yaml\n", section) + "```yaml\n".length();
        String yaml = doc.substring(start, doc.indexOf("```", start));
        Workload w = ScenarioFile.parse("SIMULATOR.md", yaml);
        assertThat(w.name()).isEqualTo("iot-after");
        assertThat(w.prices()).containsEntry("provisionedWcuPerHour", 0.00065);
        assertThat(w.quotas().tableWriteCapacityUnits()).isEqualTo(400_000);
        assertThat(w.patterns()).extracting(Workload.Pattern::name).containsExactly("ingest", "dashboard-alarms");
    }
}
