package io.keyline.simulator.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.advice.Finding;
import io.keyline.simulator.render.Outcome;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.Workload;
import io.keyline.simulator.scenario.ScenarioException;
import io.keyline.simulator.scenario.ScenarioFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs the files of examples/ as {@code keyline simulate} does, and reads the figures the tests check. */
final class Examples {
    static final Path DIR = Path.of("..", "examples");

    private Examples() {}

    /** The example run as the command line runs it: auto storage, the runner's own sampling. */
    static Outcome simulate(String file) throws ScenarioException {
        return simulate(ScenarioFile.load(DIR.resolve(file)), Simulation.Options.defaults());
    }

    static Outcome simulate(Workload w, Simulation.Options options) {
        return Outcome.of(Simulation.run(w, options, null));
    }

    /** The example's text with each {@code from} replaced by the {@code to} after it (the same design at another scale or length). */
    static Workload variant(String file, String... fromTo) throws ScenarioException, IOException {
        String yaml = Files.readString(DIR.resolve(file), StandardCharsets.UTF_8);
        for (int i = 0; i < fromTo.length; i += 2) {
            assertThat(yaml).contains(fromTo[i]);
            yaml = yaml.replace(fromTo[i], fromTo[i + 1]);
        }
        return ScenarioFile.parse(file, yaml);
    }

    static PatternReport pattern(Outcome o, String name) {
        return o.report().patterns().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    static TableReport table(Outcome o, String name) {
        return o.report().tables().stream().filter(t -> t.design().name().equals(name)).findFirst().orElseThrow();
    }

    static ResourceReport gsi(Outcome o, String table, String index) {
        return table(o, table).gsis().stream().filter(g -> g.index().equals(index)).findFirst().orElseThrow();
    }

    static List<ResourceReport> all(TableReport t) {
        List<ResourceReport> all = new java.util.ArrayList<>();
        all.add(t.table());
        all.addAll(t.gsis());
        return all;
    }

    static long throttledAttempts(Outcome o) {
        return o.report().patterns().stream().mapToLong(PatternReport::throttledAttempts).sum();
    }

    static List<String> codes(Outcome o) {
        return o.findings().stream().map(Finding::code).toList();
    }

    static Finding finding(Outcome o, String code) {
        List<Finding> f = o.findings().stream().filter(x -> x.code().equals(code)).toList();
        assertThat(f).as(code + " in " + codes(o)).hasSize(1);
        return f.get(0);
    }
}
