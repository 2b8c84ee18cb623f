package io.keyline.reliability.crash;

import io.keyline.reliability.SdkClients;
import io.keyline.reliability.process.KeylineProcess;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The 3-node failure run of docs/CLUSTER.md ("Failure run"; {@code scripts/cluster-failure-run}
 * starts the ring and calls this): one Keyline node on a Cassandra ring (replication 3, QUORUM),
 * the crash harness's writers on it over HTTP (puts, overwrites, deletes, conditional updates
 * and transactions on a table with a GSI and an LSI, each writer keeping a ledger of what was
 * acknowledged); then, under that load, SIGKILL of one Cassandra node (the {@code --kill-cassandra}
 * command), while Keyline must go on serving; then SIGKILL of the Keyline node, and a second
 * Keyline node started on the same keyspace, which must hold every acknowledged write and
 * bring every index to equal its table (the checker waits up to
 * {@link CrashCheck#GSI_CATCH_UP}); then more load on the second node, and the same check.
 *
 * <p>One thread (main) drives the phases; the writers have their own. Exit status 1 when an
 * acknowledged write was lost, an index differed, or Keyline stopped serving after the
 * Cassandra kill.
 */
public final class ClusterFailureRun {
    private static final Duration START = Duration.ofMinutes(10);

    private ClusterFailureRun() {}

    /**
     * {@code --cassandra HOST:PORT,... --kill-cassandra 'SHELL COMMAND' [--keyspace NAME] [--writers 8]
     * [--before-seconds 20] [--after-cassandra-seconds 30] [--after-keyline-seconds 15] [--repo DIR] [--work-dir DIR]}.
     */
    public static void main(String[] argv) throws Exception {
        Arguments args = new Arguments(argv);
        Clock clock = SystemClock.INSTANCE;
        PrintStream out = System.out;
        String points = args.text("cassandra", "127.0.0.1:9042,127.0.0.2:9042,127.0.0.3:9042");
        String killCassandra = args.text("kill-cassandra", null);
        if (killCassandra == null) throw new IllegalArgumentException("--kill-cassandra 'command' is required");
        String keyspace = args.text("keyspace", "failure_run");
        int writerCount = args.integer("writers", 8);
        Duration before = args.seconds("before-seconds", Duration.ofSeconds(20));
        Duration afterCassandra = args.seconds("after-cassandra-seconds", Duration.ofSeconds(30));
        Duration afterKeyline = args.seconds("after-keyline-seconds", Duration.ofSeconds(15));
        Path repo = Path.of(args.text("repo", ".")).toAbsolutePath();
        String work = args.text("work-dir", null);
        if (!args.unused().isEmpty()) throw new IllegalArgumentException("unknown options " + args.unused());
        Path workDir = work == null ? Files.createTempDirectory("keyline-failure-run-") : Files.createDirectories(Path.of(work));
        List<String> serve = List.of("--storage", "cassandra", "--cassandra", points, "--replication", "3", "--consistency", "QUORUM",
                "--keyspace", keyspace, "--capacity", "account");
        boolean clean = run(Launcher.binKeyline(repo), serve, killCassandra, writerCount, before, afterCassandra, afterKeyline,
                workDir, clock, out);
        out.println("work directory: " + workDir);
        System.exit(clean ? 0 : 1);
    }

    private static boolean run(Launcher launcher, List<String> serve, String killCassandra, int writerCount, Duration before,
                               Duration afterCassandra, Duration afterKeyline, Path workDir, Clock clock, PrintStream out)
            throws IOException, InterruptedException {
        long began = clock.nanos();
        Gate gate = new Gate(clock);
        List<Writer> writers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        CrashCheck check = new CrashCheck(clock);
        KeylineProcess first = new KeylineProcess(launcher, serve, workDir.resolve("keyline-1.log"), clock);
        KeylineProcess second = new KeylineProcess(launcher, serve, workDir.resolve("keyline-2.log"), clock);
        try (first; second) {
            out.printf("[%5.1f s] keyline 1: %s serve %s --port %d%n", seconds(clock, began), String.join(" ", launcher.command()),
                    String.join(" ", serve), first.port());
            long ready = first.start(START).toMillis();
            out.printf("[%5.1f s] keyline 1 ready in %d ms%n", seconds(clock, began), ready);
            try (DynamoDbClient admin = SdkClients.withRetries(first.endpoint())) {
                CrashTables.create(admin);
            }
            for (int w = 0; w < writerCount; w++) {
                Writer writer = new Writer(w, gate, 18_000_003L * (w + 1));
                writers.add(writer);
                Thread t = new Thread(writer, "failure-writer-" + w);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            List<Ledger> ledgers = writers.stream().map(w -> w.ledger).toList();
            gate.open(SdkClients.noRetries(first.endpoint()));
            Thread.sleep(before.toMillis());
            long ackedBefore = acknowledged(ledgers);
            long errorsBefore = errors(ledgers);
            out.printf("[%5.1f s] %,d writes acknowledged, %,d server errors; SIGKILL of a Cassandra node: %s%n", seconds(clock, began),
                    ackedBefore, errorsBefore, killCassandra);
            int status = new ProcessBuilder("bash", "-c", killCassandra).inheritIO().start().waitFor();
            if (status != 0) throw new IllegalStateException("the Cassandra kill command failed with status " + status);
            Thread.sleep(afterCassandra.toMillis());
            long ackedAfterCassandra = acknowledged(ledgers) - ackedBefore;
            long errorsAfterCassandra = errors(ledgers) - errorsBefore;
            out.printf("[%5.1f s] after the Cassandra kill, in %d s: %,d writes acknowledged, %,d server errors; SIGKILL of keyline 1 (pid %d)%n",
                    seconds(clock, began), afterCassandra.toSeconds(), ackedAfterCassandra, errorsAfterCassandra, first.pid());
            first.kill();
            gate.close();
            if (!gate.awaitParked(writerCount, Duration.ofMinutes(2))) throw new IllegalStateException("writers did not park");
            ready = second.start(START).toMillis();
            out.printf("[%5.1f s] keyline 2 ready in %d ms (port %d)%n", seconds(clock, began), ready, second.port());
            int findings;
            try (DynamoDbClient verifier = SdkClients.withRetries(second.endpoint())) {
                findings = check.check(verifier, ledgers);
            }
            out.printf("[%5.1f s] check on keyline 2: %,d items, %,d acknowledged writes, %d findings%n", seconds(clock, began),
                    check.itemsChecked, acknowledged(ledgers), findings);
            gate.open(SdkClients.noRetries(second.endpoint()));
            Thread.sleep(afterKeyline.toMillis());
            gate.close();
            if (!gate.awaitParked(writerCount, Duration.ofMinutes(2))) throw new IllegalStateException("writers did not park");
            try (DynamoDbClient verifier = SdkClients.withRetries(second.endpoint())) {
                findings = check.check(verifier, ledgers);
            }
            out.printf("[%5.1f s] final check on keyline 2: %,d items, %,d acknowledged writes, %d findings%n", seconds(clock, began),
                    check.itemsChecked, acknowledged(ledgers), findings);
            gate.stop();
            DynamoDbClient last = gate.open(null);
            if (last != null) last.close();
            for (Thread t : threads) t.join(30_000);
            second.stop(Duration.ofSeconds(30));
            CrashReport report = report(check, ledgers, writerCount, Duration.ofNanos(clock.nanos() - began));
            out.print(report.render().replaceFirst("crash harness: 0 SIGKILL cycles", "failure run: SIGKILL of 1 Cassandra node and 1 Keyline node"));
            boolean served = ackedAfterCassandra > 0;
            out.printf("  %-62s %s%n", "Keyline served after the Cassandra kill", served ? "yes" : "NO");
            return report.clean() && served;
        }
    }

    private static CrashReport report(CrashCheck check, List<Ledger> ledgers, int writers, Duration elapsed) {
        return CrashReport.of(0, 18, writers, elapsed, ledgers, check);
    }

    /** Acknowledged writes so far (read racily while the writers run: a progress figure). */
    private static long acknowledged(List<Ledger> ledgers) {
        return ledgers.stream().mapToLong(l -> l.acknowledgedWrites + l.transactionsAcknowledged).sum();
    }

    private static long errors(List<Ledger> ledgers) {
        return ledgers.stream().mapToLong(l -> l.serverErrors).sum();
    }

    private static double seconds(Clock clock, long began) { return (clock.nanos() - began) / 1e9; }

    /** {@code --name value} pairs; a name never read is an error, so a typo does not run with a default. */
    private static final class Arguments {
        private final java.util.Map<String, String> values = new java.util.HashMap<>();

        Arguments(String[] argv) {
            for (int i = 0; i < argv.length; i++) {
                if (!argv[i].startsWith("--") || i + 1 >= argv.length) throw new IllegalArgumentException("expected --name value at " + argv[i]);
                values.put(argv[i].substring(2), argv[++i]);
            }
        }

        String text(String name, String fallback) {
            String v = values.remove(name);
            return v == null ? fallback : v;
        }

        int integer(String name, int fallback) { return Integer.parseInt(text(name, Integer.toString(fallback))); }

        Duration seconds(String name, Duration fallback) {
            String v = text(name, null);
            return v == null ? fallback : Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
        }

        java.util.Set<String> unused() { return values.keySet(); }
    }
}
