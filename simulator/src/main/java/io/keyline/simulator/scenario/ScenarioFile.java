package io.keyline.simulator.scenario;

import io.keyline.simulator.run.Workload;
import java.nio.file.Path;

/**
 * Reads a scenario file into a workload. CONTRACT STUB: the scenario branch replaces the body.
 */
public final class ScenarioFile {
    private ScenarioFile() {}

    /**
     * @throws ScenarioException when the file is not valid YAML or breaks the schema or a rule;
     *         the exception names the line
     */
    public static Workload load(Path file) throws ScenarioException {
        throw new UnsupportedOperationException("contract stub: the scenario branch builds ScenarioFile.load");
    }
}
