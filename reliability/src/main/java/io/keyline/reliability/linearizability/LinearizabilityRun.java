package io.keyline.reliability.linearizability;

import io.keyline.reliability.SdkClients;
import io.keyline.reliability.process.KeylineProcess;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Records rounds of histories against a Keyline server started as a child process (in memory,
 * or on RocksDB in a fresh directory) and checks each. A round is one history on fresh keys, so
 * "histories checked" counts (round, key) pairs. Histories that are not linearizable are
 * written out whole, one operation a line, for reading. Runs on the caller's thread (the
 * recorder has its own).
 */
public final class LinearizabilityRun {
    private static final long STEP_BUDGET = 50_000_000L;

    public enum Storage { MEMORY, ROCKSDB }

    public record Settings(Storage storage, int rounds, HistoryRecorder.Settings round) {}

    public record Report(Storage storage, int histories, long operations, int notLinearizable, int undecided,
                         HistoryRecorder.Tally tally, Duration elapsed, List<Path> anomalies) {
        public String render() {
            return String.format("linearizability on %s: %,d histories (%,d operations), %d not linearizable, %d undecided; "
                            + "%,d refused (4xx, left out), %,d replies lost, %,d server errors; %d s%s",
                    storage.name().toLowerCase(), histories, operations, notLinearizable, undecided, tally.refused(),
                    tally.lostReplies(), tally.serverErrors(), elapsed.toSeconds(),
                    anomalies.isEmpty() ? "" : "\n  anomalies: " + anomalies);
        }
    }

    private final Launcher launcher;
    private final Path workDir;
    private final Clock clock;
    private final PrintStream out;

    public LinearizabilityRun(Launcher launcher, Path workDir, Clock clock, PrintStream out) {
        this.launcher = launcher;
        this.workDir = workDir;
        this.clock = clock;
        this.out = out;
    }

    public Report run(Settings settings) throws IOException, InterruptedException {
        long began = clock.nanos();
        String name = settings.storage().name().toLowerCase();
        List<String> serve = settings.storage() == Storage.MEMORY
                ? List.of("--in-memory", "--capacity", "account")
                : List.of("--data-dir", workDir.resolve("data-" + name).toString(), "--capacity", "account");
        HistoryRecorder recorder = new HistoryRecorder(clock);
        LinearizabilityChecker checker = new LinearizabilityChecker(STEP_BUDGET);
        int histories = 0, bad = 0, undecided = 0;
        long operations = 0;
        List<Path> anomalies = new ArrayList<>();
        try (KeylineProcess server = KeylineProcess.started(launcher, serve, workDir.resolve("keyline-" + name + ".log"), clock)) {
            try (DynamoDbClient admin = SdkClients.withRetries(server.endpoint())) {
                HistoryRecorder.createTable(admin);
            }
            List<DynamoDbClient> clients = HistoryRecorder.clients(server.endpoint(), settings.round().clients());
            for (int round = 0; round < settings.rounds(); round++) {
                HistoryRecorder.Settings rs = settings.round();
                List<Op> history = recorder.record(clients,
                        new HistoryRecorder.Settings(rs.clients(), rs.keys(), rs.duration(), rs.seed() + round), "r" + round + "k");
                LinearizabilityChecker.Result result = checker.check(history);
                histories += result.perKey().size();
                operations += history.size();
                for (var e : result.perKey().entrySet()) {
                    if (e.getValue() == LinearizabilityChecker.Verdict.UNKNOWN) undecided++;
                }
                for (var e : result.anomalies().entrySet()) {
                    bad++;
                    Path file = workDir.resolve("anomaly-" + name + "-" + e.getKey() + ".txt");
                    Files.writeString(file, e.getValue().stream().map(Op::toString).collect(Collectors.joining("\n", "", "\n")));
                    anomalies.add(file);
                }
                out.printf("%s round %d: %,d operations on %d keys, %s%n", name, round + 1, history.size(), result.perKey().size(),
                        result.verdict());
            }
            clients.forEach(DynamoDbClient::close);
        }
        return new Report(settings.storage(), histories, operations, bad, undecided, recorder.tally(),
                Duration.ofNanos(clock.nanos() - began), anomalies);
    }
}
