package io.keyline.reliability.crash;

import io.keyline.reliability.SdkClients;
import io.keyline.reliability.process.KeylineProcess;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Kill cycles against a Keyline server on RocksDB run as a child process: start it, create the
 * tables, let the writers run for a seeded random time, SIGKILL the server, park the writers,
 * restart on the same data directory, check every ledger against the tables, and go again.
 * The check after the last kill closes the run. One thread (the caller's) drives the cycles;
 * the writers have their own threads.
 */
public final class CrashHarness {
    private static final Duration RESTART = Duration.ofMinutes(2);

    /**
     * @param budget wall time after which no new cycle starts (zero: none), so that a run on a
     *               slow machine ends with a report of the cycles it did
     */
    public record Settings(int cycles, int writers, long seed, Duration minRun, Duration maxRun, Duration budget) {
        public static Settings of(int cycles) {
            return new Settings(cycles, 8, 17, Duration.ofMillis(1000), Duration.ofMillis(4000), Duration.ZERO);
        }
    }

    private final Settings settings;
    private final Launcher launcher;
    private final Path workDir;
    private final Clock clock;
    private final PrintStream out;
    private int cyclesDone;

    public CrashHarness(Settings settings, Launcher launcher, Path workDir, Clock clock, PrintStream out) {
        this.settings = settings;
        this.launcher = launcher;
        this.workDir = workDir;
        this.clock = clock;
        this.out = out;
    }

    public CrashReport run() throws IOException, InterruptedException {
        long began = clock.nanos();
        Random kills = new Random(settings.seed());
        Gate gate = new Gate(clock);
        List<Writer> writers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        CrashCheck check = new CrashCheck(clock);
        List<String> serve = List.of("--data-dir", workDir.resolve("data").toString(), "--capacity", "account");
        out.println("starting " + String.join(" ", launcher.command()) + " serve (log: " + workDir.resolve("keyline.log") + ")");
        try (KeylineProcess server = KeylineProcess.started(launcher, serve, workDir.resolve("keyline.log"), clock)) {
            try (DynamoDbClient admin = SdkClients.withRetries(server.endpoint())) {
                CrashTables.create(admin);
            }
            for (int w = 0; w < settings.writers(); w++) {
                Writer writer = new Writer(w, gate, settings.seed() * 1_000_003L + w);
                writers.add(writer);
                Thread t = new Thread(writer, "crash-writer-" + w);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            List<Ledger> ledgers = writers.stream().map(w -> w.ledger).toList();
            long stopAfter = settings.budget().isZero() ? Long.MAX_VALUE : began + settings.budget().toNanos();
            for (int cycle = 1; cycle <= settings.cycles() && clock.nanos() < stopAfter; cycle++) {
                close(gate.open(SdkClients.noRetries(server.endpoint())));
                long span = settings.maxRun().toMillis() - settings.minRun().toMillis();
                Thread.sleep(settings.minRun().toMillis() + (span > 0 ? (long) (kills.nextDouble() * span) : 0));
                server.kill();
                gate.close();
                if (!gate.awaitParked(settings.writers(), Duration.ofMinutes(2))) throw new IllegalStateException("writers did not park");
                Duration ready = server.start(RESTART);
                int findings;
                try (DynamoDbClient verifier = SdkClients.withRetries(server.endpoint())) {
                    findings = check.check(verifier, ledgers);
                }
                cyclesDone = cycle;
                out.printf("cycle %d/%d: restarted in %d ms, %,d items, %,d acknowledged writes, %,d transactions, %d new findings%n",
                        cycle, settings.cycles(), ready.toMillis(), check.itemsChecked,
                        ledgers.stream().mapToLong(l -> l.acknowledgedWrites).sum(),
                        ledgers.stream().mapToLong(l -> l.transactionsAcknowledged).sum(), findings);
            }
            gate.stop();
            close(gate.open(null));
            for (Thread t : threads) t.join(30_000);
        }
        return report(check, writers.stream().map(w -> w.ledger).toList(), Duration.ofNanos(clock.nanos() - began));
    }

    private CrashReport report(CrashCheck check, List<Ledger> ledgers, Duration elapsed) {
        return CrashReport.of(cyclesDone, settings.seed(), settings.writers(), elapsed, ledgers, check);
    }

    private static void close(DynamoDbClient client) {
        if (client != null) client.close();
    }
}
