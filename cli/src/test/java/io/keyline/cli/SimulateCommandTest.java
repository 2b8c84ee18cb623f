package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.fixtures.SeedReports;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.Workload;
import io.keyline.simulator.scenario.ScenarioException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code keyline simulate} with its pipeline stubbed: a "scenario file" names one of the seed-shaped
 * reports, and the runner hands it back, so the command's options, outputs and exit codes are
 * tested before (and apart from) the scenario reader and the runner.
 */
class SimulateCommandTest {
    private static final Map<String, Supplier<Report>> SCENARIOS = Map.of("iot-before.yaml", SeedReports::iotBefore,
            "iot-after.yaml", SeedReports::iotAfter, "orders.yaml", SeedReports::ordersStatus, "scan.yaml", SeedReports::scan400k);
    private final List<Simulation.Options> optionsSeen = new ArrayList<>();
    private final StringWriter out = new StringWriter(), err = new StringWriter();

    private int run(String... args) {
        SimulateCommand command = new SimulateCommand(file -> {
            String name = file.getFileName().toString();
            if (name.equals("bad.yaml")) throw new ScenarioException(file.toString(), 7, "patterns[0].rate: expected a number, got 'fast'");
            if (!SCENARIOS.containsKey(name)) throw new ScenarioException(file.toString(), 0, "no such file");
            return new Workload(name, 42, Duration.ofMinutes(10), List.of(), List.of(), List.of(),
                    new Workload.ClientModel(10, Duration.ofMillis(25), Duration.ofSeconds(20)), null, Map.of(), "us-east-1");
        }, (workload, options, progress) -> {
            optionsSeen.add(options);
            progress.progress(Duration.ofMinutes(5), Duration.ofMinutes(10), 1_000);
            return SCENARIOS.get(workload.name()).get();
        });
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void printsTheReportWithTheDiagnosisFirst() {
        assertThat(run("orders.yaml")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("keyline simulate · orders-status · seed 42")
                .contains("CRITICAL  throttled at 3% of provisioned: a partition problem, in GSI status-index");
        // the default storage is auto: the runner picks sizes for a run that holds many items
        assertThat(optionsSeen).containsExactly(new Simulation.Options(Simulation.StorageMode.AUTO, null));
    }

    @Test
    void storageAndSampleReachTheRunner() {
        assertThat(run("scan.yaml", "--storage", "sizes", "--sample", "0.25", "--quiet")).isZero();
        assertThat(optionsSeen).containsExactly(new Simulation.Options(Simulation.StorageMode.SIZES, 0.25));
    }

    @Test
    void memoryStorageCanBeAskedFor() {
        assertThat(run("scan.yaml", "--storage", "memory", "--quiet")).isZero();
        assertThat(optionsSeen).containsExactly(new Simulation.Options(Simulation.StorageMode.MEMORY, null));
    }

    @Test
    void jsonAndHtml(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("report.html");
        assertThat(run("iot-before.yaml", "--json", "--html", page.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("{").contains("\"format\" : \"keyline-simulate/2\"", "\"code\" : \"GSI_SINGLE_PARTITION\"");
        assertThat(Files.readString(page)).startsWith("<!DOCTYPE html>").contains("echarts");
        assertThat(err.toString()).contains("wrote " + page);
    }

    @Test
    void compareShowsBothSideBySide() {
        assertThat(run("--compare", "iot-before.yaml", "iot-after.yaml")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("keyline simulate --compare · iot-before.yaml → iot-after.yaml")
                .contains("Findings resolved", "every write lands on partition 1 of 1 of GSI by-day");
        assertThat(optionsSeen).hasSize(2);
    }

    @Test
    void aScenarioErrorNamesTheFileAndLineAndExits2() {
        assertThat(run("bad.yaml")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("bad.yaml:7: patterns[0].rate: expected a number, got 'fast'\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void usageErrorsExit2() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("a scenario FILE is needed");
        assertThat(run("orders.yaml", "--sample", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("--sample must be a fraction in (0, 1] or auto");
        assertThat(run("orders.yaml", "--storage", "disk")).isEqualTo(2);
        assertThat(run("orders.yaml", "--compare", "iot-before.yaml", "iot-after.yaml")).isEqualTo(2);
        assertThat(optionsSeen).isEmpty();
    }

    @Test
    void registeredWithKeylineAndHelpful() {
        CommandLine cli = Keyline.commandLine();
        StringWriter help = new StringWriter();
        cli.setOut(new PrintWriter(help));
        cli.execute("simulate", "--help");
        assertThat(help.toString()).contains("Usage: keyline simulate", "--json", "--html", "--storage", "--sample", "--quiet", "--compare");
    }
}
