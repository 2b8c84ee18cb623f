package io.keyline.reliability;

import io.keyline.reliability.crash.CrashHarness;
import io.keyline.reliability.crash.CrashReport;
import io.keyline.reliability.linearizability.HistoryRecorder;
import io.keyline.reliability.linearizability.LinearizabilityRun;
import io.keyline.reliability.load.FloodProbe;
import io.keyline.reliability.load.Soak;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code scripts/reliability TOOL [--name value ...]}: runs one harness against bin/keyline and
 * prints its figures (docs/RELIABILITY.md). Tools: crash, linearizability, flood, soak. Common
 * options: {@code --repo DIR} (the checkout whose bin/keyline is started; default: the working
 * directory), {@code --work-dir DIR} (data and logs; default: a fresh temporary directory).
 * Exit status 1 when a run found what its goal says must not happen.
 */
public final class ReliabilityTool {
    private ReliabilityTool() {}

    public static void main(String[] argv) throws Exception {
        ToolArguments args = new ToolArguments(argv);
        PrintStream out = System.out;
        Clock clock = SystemClock.INSTANCE;
        Path repo = Path.of(args.text("repo", ".")).toAbsolutePath();
        String work = args.text("work-dir", null);
        Path workDir = work == null ? Files.createTempDirectory("keyline-" + args.verb() + "-") : Files.createDirectories(Path.of(work));
        Launcher launcher = Launcher.binKeyline(repo);
        boolean clean = switch (args.verb()) {
            case "crash" -> {
                CrashHarness.Settings defaults = CrashHarness.Settings.of(3);
                CrashHarness.Settings s = new CrashHarness.Settings(args.integer("cycles", defaults.cycles()),
                        args.integer("writers", defaults.writers()), args.number("seed", defaults.seed()),
                        args.seconds("min-run", defaults.minRun()), args.seconds("max-run", defaults.maxRun()),
                        args.seconds("budget-minutes", Duration.ZERO).multipliedBy(60));
                refuseUnused(args);
                CrashReport report = new CrashHarness(s, launcher, workDir, clock, out).run();
                out.print(report.render());
                yield report.clean();
            }
            case "linearizability" -> {
                String storage = args.text("storage", "both");
                HistoryRecorder.Settings round = new HistoryRecorder.Settings(args.integer("clients", 12), args.integer("keys", 3),
                        args.seconds("round-seconds", Duration.ofSeconds(3)), args.number("seed", 1));
                int rounds = args.integer("rounds", 20);
                refuseUnused(args);
                boolean ok = true;
                for (LinearizabilityRun.Storage st : LinearizabilityRun.Storage.values()) {
                    if (!storage.equals("both") && !storage.equalsIgnoreCase(st.name())) continue;
                    LinearizabilityRun.Report r = new LinearizabilityRun(launcher, workDir, clock, out)
                            .run(new LinearizabilityRun.Settings(st, rounds, round));
                    out.println(r.render());
                    ok &= r.notLinearizable() == 0;
                }
                yield ok;
            }
            case "flood" -> {
                FloodProbe.Settings d = FloodProbe.Settings.defaults();
                FloodProbe.Settings s = new FloodProbe.Settings(args.integer("large-bodies", d.largeBodies()),
                        args.integer("body-bytes", d.bodyBytes()), args.integer("slow", d.slowConnections()),
                        args.integer("idle", d.idleConnections()), args.seconds("phase-seconds", d.phase()),
                        args.seconds("request-read-timeout", d.requestReadTimeout()), args.seconds("idle-timeout", d.idleTimeout()));
                refuseUnused(args);
                List<FloodProbe.Phase> phases = new FloodProbe(launcher, workDir, clock, out).run(s);
                yield phases.stream().allMatch(p -> p.probeErrors() == 0);
            }
            case "soak" -> {
                Soak.Settings s = new Soak.Settings(args.seconds("seconds", Duration.ofMinutes(30)), args.integer("rate", 500),
                        args.integer("clients", 8), args.seconds("window-seconds", Duration.ofMinutes(1)), args.number("seed", 1));
                refuseUnused(args);
                List<Soak.Window> windows = new Soak(launcher, workDir, clock, out).run(s);
                yield windows.stream().allMatch(w -> w.errors() == 0);
            }
            default -> throw new IllegalArgumentException("unknown tool " + args.verb() + ": crash, linearizability, flood or soak");
        };
        out.println("work directory: " + workDir);
        System.exit(clean ? 0 : 1);
    }

    private static void refuseUnused(ToolArguments args) {
        if (!args.unused().isEmpty()) throw new IllegalArgumentException("unknown options " + args.unused());
    }
}
