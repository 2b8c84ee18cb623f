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
 * starts the ring and calls this). Two Keyline nodes serve one keyspace on a Cassandra ring
 * (replication 3, QUORUM) at once, and the crash harness's writers are spread over them, each
 * writer keeping its node (the nodes forward to the owners of the items). Then:
 * <ol>
 *   <li>SIGKILL of one Cassandra node (the {@code --kill-cassandra} command) under that load: both
 *       Keyline nodes must go on acknowledging writes;</li>
 *   <li>a {@link Burst} of GSI writes through Keyline node 1, and SIGKILL of that node during it,
 *       so it dies holding GSI change records it has not applied; its writers move to node 2 and
 *       retry their unanswered transactions with their tokens. The {@link HandoverWatch} times,
 *       from node 2's log, when node 2 took the dead node's GSI log lease, applied its records
 *       and took its token ranges, against the lease time ({@link #LEASE_AND_ROUND});</li>
 *   <li>with every writer parked, the check on node 2 (nothing acknowledged lost, no transaction
 *       half applied or applied twice, every index equal to its table: {@link CrashCheck});</li>
 *   <li>node 1 started again, more load through both, and the same check on each of them.</li>
 * </ol>
 * A run without {@code --kill-cassandra} (the slow test, on one Cassandra node) skips step 1.
 *
 * <p>One thread (the caller's) drives the phases; the writers and the burst have their own.
 * Exit status 1 when an acknowledged write was lost, a transaction half applied or applied twice,
 * an index differed, Keyline stopped serving after the Cassandra kill, or node 2 was not seen
 * taking over node 1's GSI work.
 */
public final class ClusterFailureRun {
    private static final Duration START = Duration.ofMinutes(10);
    private static final Duration POLL = Duration.ofMillis(100);
    /**
     * The handover's promise: a dead node's GSI log lease runs out within its 10 s term
     * (engine.cluster.GsiLogLease.TERM), and a survivor looks for such logs every 2 s.
     */
    static final Duration LEASE_AND_ROUND = Duration.ofSeconds(12);
    /** The burst runs until it has had this many puts acknowledged per thread (so it is in full flow), then node 1 dies. */
    private static final int BURST_ACKS_PER_THREAD = 3;

    /**
     * @param serve           the arguments of {@code keyline serve} for both nodes (storage, keyspace, ...)
     * @param killCassandra   a shell command that SIGKILLs one Cassandra node; null: no Cassandra kill
     * @param writers         writers in all, half through each Keyline node
     * @param burstWriters    threads of the burst through node 1 just before it is killed
     * @param handoverWait    how long to watch node 2's log for the handover before giving up
     */
    record Settings(List<String> serve, String killCassandra, int writers, int burstWriters, Duration before,
                    Duration afterCassandra, Duration afterKeyline, Duration afterRestart, Duration handoverWait) {}

    /** What a run found: the harness's figures, whether both nodes served after the Cassandra kill, and the handover. */
    record Outcome(CrashReport report, boolean servedAfterCassandraKill, HandoverWatch.Handover handover) {
        boolean clean() { return report.clean() && servedAfterCassandraKill && handover.gsiWorkResumed(); }
    }

    private final Settings settings;
    private final Launcher launcher;
    private final Path workDir;
    private final Clock clock;
    private final PrintStream out;
    private long began;

    ClusterFailureRun(Settings settings, Launcher launcher, Path workDir, Clock clock, PrintStream out) {
        this.settings = settings;
        this.launcher = launcher;
        this.workDir = workDir;
        this.clock = clock;
        this.out = out;
    }

    /**
     * {@code --cassandra HOST:PORT,... --kill-cassandra 'SHELL COMMAND' [--keyspace NAME] [--writers 8] [--burst-writers 16]
     * [--before-seconds 20] [--after-cassandra-seconds 30] [--after-keyline-seconds 15] [--after-restart-seconds 15]
     * [--handover-wait-seconds 90] [--gsi-lag DURATION] [--repo DIR] [--work-dir DIR]}.
     */
    public static void main(String[] argv) throws Exception {
        Arguments args = new Arguments(argv);
        String points = args.text("cassandra", "127.0.0.1:9042,127.0.0.2:9042,127.0.0.3:9042");
        String killCassandra = args.text("kill-cassandra", null);
        if (killCassandra == null) throw new IllegalArgumentException("--kill-cassandra 'command' is required");
        String keyspace = args.text("keyspace", "failure_run");
        List<String> serve = new ArrayList<>(List.of("--storage", "cassandra", "--cassandra", points, "--replication", "3",
                "--consistency", "QUORUM", "--keyspace", keyspace, "--capacity", "account"));
        // With a lag, every GSI change record stays that long in its node's log, so the killed node surely holds some.
        String gsiLag = args.text("gsi-lag", null);
        if (gsiLag != null) serve.addAll(List.of("--gsi-lag", gsiLag));
        Settings settings = new Settings(serve, killCassandra, args.integer("writers", 8), args.integer("burst-writers", 16),
                args.seconds("before-seconds", Duration.ofSeconds(20)), args.seconds("after-cassandra-seconds", Duration.ofSeconds(30)),
                args.seconds("after-keyline-seconds", Duration.ofSeconds(15)), args.seconds("after-restart-seconds", Duration.ofSeconds(15)),
                args.seconds("handover-wait-seconds", Duration.ofSeconds(90)));
        Path repo = Path.of(args.text("repo", ".")).toAbsolutePath();
        String work = args.text("work-dir", null);
        if (!args.unused().isEmpty()) throw new IllegalArgumentException("unknown options " + args.unused());
        Path workDir = work == null ? Files.createTempDirectory("keyline-failure-run-") : Files.createDirectories(Path.of(work));
        Outcome outcome = new ClusterFailureRun(settings, Launcher.binKeyline(repo), workDir, SystemClock.INSTANCE, System.out).run();
        System.out.println("work directory: " + workDir);
        System.exit(outcome.clean() ? 0 : 1);
    }

    Outcome run() throws IOException, InterruptedException {
        began = clock.nanos();
        CrashCheck check = new CrashCheck(clock);
        int second = settings.writers() / 2;
        NodeWriters viaOne = new NodeWriters(0, settings.writers() - second, clock);
        NodeWriters viaTwo = new NodeWriters(settings.writers() - second, second, clock);
        Burst burst = new Burst(settings.burstWriters(), null);
        Path twoLog = workDir.resolve("keyline-2.log");
        KeylineProcess one = new KeylineProcess(launcher, settings.serve(), workDir.resolve("keyline-1.log"), clock);
        KeylineProcess two = new KeylineProcess(launcher, settings.serve(), twoLog, clock);
        try (one; two) {
            start(1, one);
            start(2, two);
            try (DynamoDbClient admin = SdkClients.withRetries(one.endpoint())) {
                CrashTables.create(admin);
            }
            viaOne.start();
            viaTwo.start();
            viaOne.open(1, one.endpoint());
            viaTwo.open(2, two.endpoint());
            say("%d writers, %d through each Keyline node", settings.writers(), second);
            Thread.sleep(settings.before().toMillis());

            boolean served = killCassandra(viaOne, viaTwo);

            // A node whose lease lapsed under load owns no range for a while, and forwards every write: it would die with an empty log.
            Path oneLog = workDir.resolve("keyline-1.log");
            long rangesDeadline = clock.nanos() + Duration.ofSeconds(60).toNanos();
            while (HandoverWatch.lastOwnedRanges(oneLog) <= 0 && clock.nanos() < rangesDeadline) Thread.sleep(200);
            say("keyline 1 owns %d token ranges; a burst of %d writers through it", HandoverWatch.lastOwnedRanges(oneLog),
                    settings.burstWriters());
            burst = new Burst(settings.burstWriters(), one.endpoint());
            burst.start();
            long burstDeadline = clock.nanos() + Duration.ofSeconds(60).toNanos();
            while (burst.acknowledged() < (long) BURST_ACKS_PER_THREAD * settings.burstWriters() && clock.nanos() < burstDeadline) {
                Thread.sleep(20);
            }
            long pid = one.pid();
            long killedAt = clock.nanos();
            HandoverWatch watch = new HandoverWatch(twoLog, pid, clock, killedAt);
            one.kill();
            long ackedBeforeKeylineKill = viaOne.acknowledged() + viaTwo.acknowledged();
            long errorsBeforeKeylineKill = viaOne.serverErrors() + viaTwo.serverErrors();
            long burstAcked = burst.acknowledged();
            burst.stop();
            viaOne.park();
            viaOne.open(2, two.endpoint());
            say("SIGKILL of keyline 1 (pid %d) during the burst (%,d puts acknowledged), %s; its writers move to keyline 2", pid,
                    burstAcked, loadAverage());
            boolean complete = watch.awaitComplete(settings.handoverWait(), POLL);
            HandoverWatch.Handover handover = watch.handover();
            sayHandover(handover, complete);
            Thread.sleep(settings.afterKeyline().toMillis());
            viaOne.park();
            viaTwo.park();
            long ackedAfterKeylineKill = viaOne.acknowledged() + viaTwo.acknowledged() - ackedBeforeKeylineKill;
            long errorsAfterKeylineKill = viaOne.serverErrors() + viaTwo.serverErrors() - errorsBeforeKeylineKill;
            say("after the Keyline kill: %,d writes acknowledged through keyline 2, %,d server errors", ackedAfterKeylineKill,
                    errorsAfterKeylineKill);
            List<Ledger> ledgers = new ArrayList<>(viaOne.ledgers());
            ledgers.addAll(viaTwo.ledgers());
            ledgers.addAll(burst.ledgers());
            check(check, 2, two, ledgers);

            say("keyline 1 started again: ready in %d ms (port %d)", one.start(START).toMillis(), one.port());
            viaOne.open(1, one.endpoint());
            viaTwo.open(2, two.endpoint());
            Thread.sleep(settings.afterRestart().toMillis());
            viaOne.park();
            viaTwo.park();
            check(check, 1, one, ledgers);
            check(check, 2, two, ledgers);
            viaOne.stop();
            viaTwo.stop();
            two.stop(Duration.ofSeconds(30));
            one.stop(Duration.ofSeconds(30));
            CrashReport report = CrashReport.of(0, 18, settings.writers(), Duration.ofNanos(clock.nanos() - began), ledgers, check);
            Outcome outcome = new Outcome(report, served, handover);
            out.print(report.render().replaceFirst("crash harness: 0 SIGKILL cycles, ",
                    "failure run: SIGKILL of " + (settings.killCassandra() == null ? "no" : "1") + " Cassandra node and 1 Keyline node of 2, "));
            summary(outcome, ackedAfterKeylineKill);
            return outcome;
        } finally {
            viaOne.stop();
            viaTwo.stop();
            burst.stop();
        }
    }

    private void start(int n, KeylineProcess node) throws IOException {
        say("keyline %d: %s serve %s --port %d", n, String.join(" ", launcher.command()), String.join(" ", settings.serve()), node.port());
        say("keyline %d ready in %d ms", n, node.start(START).toMillis());
    }

    /** Phase 1: SIGKILL of a Cassandra node under load; true if both Keyline nodes acknowledged writes after it (or there was none). */
    private boolean killCassandra(NodeWriters viaOne, NodeWriters viaTwo) throws IOException, InterruptedException {
        long oneBefore = viaOne.acknowledged(), twoBefore = viaTwo.acknowledged();
        long errorsBefore = viaOne.serverErrors() + viaTwo.serverErrors();
        say("%,d writes acknowledged through keyline 1, %,d through keyline 2, %,d server errors", oneBefore, twoBefore, errorsBefore);
        if (settings.killCassandra() == null) {
            say("no Cassandra kill in this run");
            return true;
        }
        say("SIGKILL of a Cassandra node, %s: %s", loadAverage(), settings.killCassandra());
        int status = new ProcessBuilder("bash", "-c", settings.killCassandra()).inheritIO().start().waitFor();
        if (status != 0) throw new IllegalStateException("the Cassandra kill command failed with status " + status);
        Thread.sleep(settings.afterCassandra().toMillis());
        long one = viaOne.acknowledged() - oneBefore, two = viaTwo.acknowledged() - twoBefore;
        say("after the Cassandra kill, in %d s: %,d writes acknowledged through keyline 1, %,d through keyline 2, %,d server errors",
                settings.afterCassandra().toSeconds(), one, two, viaOne.serverErrors() + viaTwo.serverErrors() - errorsBefore);
        return one > 0 && two > 0;
    }

    private void sayHandover(HandoverWatch.Handover h, boolean complete) {
        say("keyline 2's log: took the GSI change log lease of keyline 1 %s after the kill (log %d); applied its %,d records %s after; "
                        + "owned every token range %s after%s",
                HandoverWatch.Handover.seconds(h.leaseTakenNanos()), h.logId(), h.recordsApplied(),
                HandoverWatch.Handover.seconds(h.appliedNanos()), HandoverWatch.Handover.seconds(h.rangesTakenNanos()),
                complete ? "" : " (watched for " + settings.handoverWait().toSeconds() + " s)");
    }

    /** With every writer parked: reads the tables back through {@code node} and compares them with the ledgers. */
    private void check(CrashCheck check, int n, KeylineProcess node, List<Ledger> ledgers) throws InterruptedException {
        int findings;
        try (DynamoDbClient verifier = SdkClients.withRetries(node.endpoint())) {
            findings = check.check(verifier, ledgers);
        }
        say("check on keyline %d: %,d items, %,d acknowledged writes, %d findings", n, check.itemsChecked,
                ledgers.stream().mapToLong(l -> l.acknowledgedWrites + l.transactionsAcknowledged).sum(), findings);
    }

    private void summary(Outcome o, long ackedAfterKeylineKill) {
        HandoverWatch.Handover h = o.handover();
        line("Keyline served after the Cassandra kill (both nodes)",
                settings.killCassandra() == null ? "no kill" : o.servedAfterCassandraKill() ? "yes" : "NO");
        line("writes acknowledged through keyline 2 after the Keyline kill", String.format("%,d", ackedAfterKeylineKill));
        line("the killed node's GSI log lease taken by the survivor after", HandoverWatch.Handover.seconds(h.leaseTakenNanos()));
        line("its unapplied GSI change records applied after", HandoverWatch.Handover.seconds(h.appliedNanos())
                + (h.appliedNanos() < 0 ? "" : String.format(" (%,d records)", h.recordsApplied())));
        line("its token ranges taken over after", HandoverWatch.Handover.seconds(h.rangesTakenNanos()));
        line("GSI work resumed within " + LEASE_AND_ROUND.toSeconds() + " s (a 10 s lease + a 2 s round)", !h.gsiWorkResumed() ? "NOT SEEN"
                : h.leaseTakenNanos() <= LEASE_AND_ROUND.toNanos() ? "yes" : "no, later");
    }

    private void line(String what, String value) {
        out.printf("  %-62s %s%n", what, value);
    }

    private void say(String format, Object... args) {
        out.printf("[%5.1f s] %s%n", (clock.nanos() - began) / 1e9, String.format(format, args));
    }

    /** The machine's load average (Linux), as uptime shows it: the run's figures mean little without it. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return "load average " + f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "load average unknown";
        }
    }

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
