package io.keyline.simulator.scenario;

import io.keyline.simulator.run.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a scenario file into a workload, in three steps, each of which stops at the first
 * problem with the file's name and line: the YAML ({@link YamlDocument}, lines kept), its JSON
 * Schema ({@link ScenarioSchema}), then the rules the schema cannot state ({@link ScenarioReader}:
 * references, key coverage, types, rates, and CreateTable on a scratch engine). The format is
 * documented in docs/SIMULATOR.md, section "Scenario file". Stateless; thread-safe.
 */
public final class ScenarioFile {
    private ScenarioFile() {}

    /**
     * @throws ScenarioException when the file is not valid YAML or breaks the schema or a rule;
     *         the exception names the line
     */
    public static Workload load(Path file) throws ScenarioException {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException(name, 0, "cannot read " + file + ": " + e.getMessage());
        }
        return parse(name, text);
    }

    /** The same for a scenario held in memory; {@code fileName} is how errors name it. */
    public static Workload parse(String fileName, String yaml) throws ScenarioException {
        YamlDocument doc = YamlDocument.parse(fileName, yaml);
        ScenarioSchema.check(doc);
        return new ScenarioReader(doc).read();
    }
}
