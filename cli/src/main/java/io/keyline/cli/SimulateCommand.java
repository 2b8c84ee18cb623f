package io.keyline.cli;

import io.keyline.simulator.render.CompareReport;
import io.keyline.simulator.render.HtmlReport;
import io.keyline.simulator.render.JsonReport;
import io.keyline.simulator.render.Outcome;
import io.keyline.simulator.render.TerminalReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.TerminalProgress;
import io.keyline.simulator.run.Workload;
import io.keyline.simulator.scenario.ScenarioException;
import io.keyline.simulator.scenario.ScenarioFile;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code keyline simulate FILE}: reads a scenario ({@link ScenarioFile#load}), runs it on a virtual
 * clock ({@link Simulation#run}) and prints the report, its cost and its findings on the terminal,
 * as JSON ({@code --json}) or as an HTML page ({@code --html FILE}); {@code --compare BEFORE AFTER}
 * runs two scenarios and shows them side by side. A scenario that cannot run prints
 * {@code file:line: message} on stderr and exits 2. The pipeline's two stages are injected (tests
 * stub them); one command object runs once, on the calling thread.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Run a scenario (tables and their traffic) through Keyline's engine and capacity model on a virtual clock: "
                + "throttling, hot partitions, latency, the monthly bill and the seed articles' advice, before the table exists.",
                "See docs/SIMULATOR.md."},
        footer = {"", "Exit codes: 0 report printed; 1 the run failed; 2 a usage or scenario error (printed as file:line: message)."})
final class SimulateCommand implements Callable<Integer> {
    /** Reads a scenario file; the scenario package's {@link ScenarioFile#load} outside tests. */
    @FunctionalInterface
    interface Loader {
        Workload load(Path file) throws ScenarioException;
    }

    /** Runs a workload; {@link Simulation#run} outside tests. */
    @FunctionalInterface
    interface Runner {
        Report run(Workload workload, Simulation.Options options, Simulation.ProgressListener progress);
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "The scenario file (YAML).")
    Path file;

    @Option(names = "--json", description = "Print the report as JSON (field names in docs/SIMULATOR.md) instead of text.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the report as one self-contained HTML page with charts.")
    Path html;

    @Option(names = "--storage", paramLabel = "auto|memory|sizes", defaultValue = "auto",
            description = {"Where items live during the run: memory keeps them whole; sizes keeps keys, the attributes "
                    + "expressions read and sizes only, so large tables fit; auto: sizes above "
                    + "200,000 items held, memory below.", "Default: ${DEFAULT-VALUE}."})
    String storage;

    @Option(names = "--sample", paramLabel = "FRACTION|auto", defaultValue = "auto",
            description = {"The fraction of each pattern's requests to execute, in (0, 1] (1 = all), or auto to let the runner "
                    + "choose per pattern; counts are scaled back up.", "Default: ${DEFAULT-VALUE}."})
    String sample;

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    @Option(names = "--compare", arity = "2", paramLabel = "FILE",
            description = "Run two scenarios (BEFORE AFTER) and show them side by side: key figures, cost, findings resolved and introduced.")
    List<Path> compare;

    private final Loader loader;
    private final Runner runner;

    SimulateCommand() {
        this(ScenarioFile::load, Simulation::run);
    }

    SimulateCommand(Loader loader, Runner runner) {
        this.loader = loader;
        this.runner = runner;
    }

    @Override public Integer call() throws IOException {
        Simulation.Options options = options();
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        try {
            if (compare != null) {
                Outcome before = simulate(compare.get(0), options), after = simulate(compare.get(1), options);
                String a = compare.get(0).toString(), b = compare.get(1).toString();
                out.print(json ? CompareReport.json(a, before, b, after) : CompareReport.render(a, before, b, after));
            } else {
                Outcome outcome = simulate(file, options);
                if (html != null) {
                    Files.writeString(html, HtmlReport.render(outcome));
                    err.println("keyline simulate: wrote " + html);
                }
                out.print(json ? JsonReport.render(outcome) : TerminalReport.render(outcome));
            }
            return 0;
        } catch (ScenarioException e) {
            err.println(e.getMessage());
            return 2;
        } catch (UnsupportedOperationException e) {
            err.println("keyline simulate: this build cannot run scenarios yet (" + e.getMessage() + ")");
            return 1;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Loads, runs and prices one scenario; a price key the table does not know is the scenario's error. */
    private Outcome simulate(Path scenario, Simulation.Options options) throws ScenarioException {
        Workload workload = loader.load(scenario);
        Report report = runner.run(workload, options, progress());
        try {
            return Outcome.of(report);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(scenario.toString(), 0, e.getMessage());
        }
    }

    /**
     * The progress bar while a run goes, on standard error (standard output carries the report,
     * which may be JSON), drawn only when the console is a terminal; none with {@code --quiet}.
     */
    private Simulation.ProgressListener progress() {
        if (quiet) return (simulated, total, executed) -> { };
        return new TerminalProgress(System.err, System.console() != null, SystemClock.INSTANCE);
    }

    private Simulation.Options options() {
        CommandLine cmd = spec.commandLine();
        if (compare != null && file != null) throw new CommandLine.ParameterException(cmd, "give either FILE or --compare BEFORE AFTER, not both");
        if (compare == null && file == null) throw new CommandLine.ParameterException(cmd, "a scenario FILE is needed (or --compare BEFORE AFTER)");
        if (compare != null && html != null) throw new CommandLine.ParameterException(cmd, "--html writes one run's report: not with --compare");
        Simulation.StorageMode mode = switch (storage.toLowerCase(Locale.ROOT)) {
            case "auto" -> Simulation.StorageMode.AUTO;
            case "memory" -> Simulation.StorageMode.MEMORY;
            case "sizes" -> Simulation.StorageMode.SIZES;
            default -> throw new CommandLine.ParameterException(cmd, "--storage must be auto, memory or sizes, not '" + storage + "'");
        };
        Double fraction = null;
        if (!"auto".equalsIgnoreCase(sample)) {
            try {
                fraction = Double.valueOf(sample);
            } catch (NumberFormatException e) {
                fraction = Double.NaN;
            }
            if (!(fraction > 0 && fraction <= 1)) {
                throw new CommandLine.ParameterException(cmd, "--sample must be a fraction in (0, 1] or auto, not '" + sample + "'");
            }
        }
        return new Simulation.Options(mode, fraction);
    }
}
