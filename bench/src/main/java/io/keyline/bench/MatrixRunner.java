package io.keyline.bench;

import io.keyline.bench.load.LoadDriver;
import io.keyline.bench.load.LoadInterval;
import io.keyline.bench.load.LoadResult;
import io.keyline.bench.load.LoadSpec;
import io.keyline.bench.load.ProcessCpu;
import io.keyline.bench.load.Quiescence;
import io.keyline.bench.load.RawHttpTransport;
import io.keyline.bench.load.RawRequests;
import io.keyline.bench.load.SdkTransport;
import io.keyline.bench.load.Transport;
import io.keyline.bench.report.ReportWriter;
import io.keyline.bench.report.RunRecord;
import io.keyline.bench.report.Scenario;
import io.keyline.bench.report.Summary;
import io.keyline.bench.target.ServerProcess;
import io.keyline.bench.target.StartupRecord;
import io.keyline.bench.target.TableSetup;
import io.keyline.bench.target.TargetEnvironment;
import io.keyline.bench.target.TargetKind;
import io.keyline.bench.workload.DataLayout;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;
import io.keyline.bench.workload.RequestSet;
import io.keyline.bench.workload.SdkRequests;
import io.keyline.bench.workload.WireRequests;
import io.keyline.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Runs a benchmark matrix: starts every target once (each its own process, on consecutive
 * ports), creates and loads its tables, then for each scenario runs repetition 1 on every
 * target in order, then repetition 2, and so on (A B A B), so slow drifts of a shared machine
 * hit all targets alike. Writes results.md and results.json. Single-threaded driver; blocking.
 */
public final class MatrixRunner {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    /** A second Keyline node reads the loaded tables' statistics from Cassandra as it starts: slower. */
    private static final Duration COMPANION_START_TIMEOUT = Duration.ofMinutes(5);
    /** A server idle at the first probe is not worth a log line. */
    private static final Duration SETTLE_WORTH_LOGGING = Duration.ofMillis(300);

    private final BenchOptions options;
    private final TargetEnvironment env;
    private final Clock clock;
    private final PrintStream log;

    public MatrixRunner(BenchOptions options, TargetEnvironment env, Clock clock, PrintStream log) {
        this.options = options;
        this.env = env;
        this.clock = clock;
        this.log = log;
    }

    /** What a matrix produced; the report files are already written. */
    public record Outcome(List<RunRecord> runs, List<Summary> summaries, List<StartupRecord> startup, String markdown) {}

    public Outcome run(String commandLine) throws IOException, InterruptedException {
        Files.createDirectories(options.out());
        Map<String, String> metadata = Machine.describe(clock, env.repoRoot(), commandLine);
        List<StartupRecord> startup = new ArrayList<>();
        List<RunRecord> runs = new ArrayList<>();
        List<Running> servers = new ArrayList<>();
        try {
            if (options.startupOnly()) {
                for (int rep = 1; rep <= options.repetitions(); rep++) {
                    for (TargetKind kind : options.targets()) {
                        try (Running r = start(kind, options.basePort() + kind.ordinal())) {
                            startup.add(r.startup);
                        }
                    }
                }
            } else {
                for (TargetKind kind : options.targets()) {
                    Running r = start(kind, options.basePort() + kind.ordinal());
                    servers.add(r);
                    startup.add(r.startup);
                }
                for (int size : options.sizes()) load(servers, layout(size));
                // Reports are rewritten after every scenario, so an interrupted matrix keeps what it measured.
                runMatrix(servers, runs, () -> writeReports(metadata, runs, startup));
            }
        } finally {
            for (Running r : servers) r.close();
        }
        metadata.put("loadavg at end", Machine.loadAverage());
        return writeReports(metadata, runs, startup);
    }

    private Outcome writeReports(Map<String, String> metadata, List<RunRecord> runs, List<StartupRecord> startup) {
        List<Summary> summaries = Summary.of(runs);
        // A start-up-only run has no load results: its report is the start-up table alone.
        String md = (runs.isEmpty() ? "" : ReportWriter.markdown(metadata, summaries) + "\n") + startupTable(startup);
        try {
            Files.writeString(options.out().resolve("results.md"), md);
            ReportWriter.json(options.out().resolve("results.json"), metadata, runs, summaries, startup);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Outcome(runs, summaries, startup, md);
    }

    private DataLayout layout(int itemBytes) {
        return new DataLayout(itemBytes, options.itemKeys(), options.queryPartitions(), options.seed());
    }

    private void runMatrix(List<Running> servers, List<RunRecord> runs, Runnable checkpoint) {
        int hostPort = servers.get(0).process.port();
        for (String client : options.clients()) {
            for (Op op : options.ops()) {
                for (int size : options.sizes()) {
                    for (KeyDistribution.Kind keys : options.keys()) {
                        DataLayout layout = layout(size);
                        RequestSet<?> requests = client.equals("raw")
                                ? RequestSet.build(op, layout, keys, options.seed(), (o, i) -> RawRequests.encode(
                                        "127.0.0.1", hostPort, o.label(), WireRequests.body(o, layout, i), clock.now().atZone(ZoneOffset.UTC)))
                                : RequestSet.build(op, layout, keys, options.seed(), (o, i) -> SdkRequests.build(o, layout, i));
                        warmUpClient(servers.get(0), client, op, requests);
                        Scenario busiest = null;
                        for (LoadSpec load : options.loads()) {
                            Scenario scenario = new Scenario(client, op, size, keys, load);
                            for (int rep = 1; rep <= options.repetitions(); rep++) {
                                for (Running server : servers) {
                                    RunRecord record = new RunRecord(scenario, server.kind.label(), rep, measure(server, client, requests, load));
                                    runs.add(record);
                                    report(record);
                                }
                            }
                            if (load.mode() == LoadSpec.Mode.CLOSED && (busiest == null || load.concurrency() > busiest.load().concurrency())) {
                                busiest = scenario;
                            }
                        }
                        if (options.openAt() > 0 && busiest != null) runAtFractionOfMax(servers, runs, busiest, requests);
                        checkpoint.run();
                    }
                }
            }
        }
    }

    /**
     * Open-loop runs at a fraction of each target's own maximum (its median closed-loop
     * throughput in {@code busiest}), with as many connections: the latency a client sees when
     * the server is not saturated. Still A B A B.
     */
    private void runAtFractionOfMax(List<Running> servers, List<RunRecord> runs, Scenario busiest, RequestSet<?> requests) {
        LoadSpec template = LoadSpec.fractionOfMax(options.openAt(), busiest.load().concurrency(), options.warmup(), options.duration());
        Scenario scenario = new Scenario(busiest.client(), busiest.op(), busiest.itemBytes(), busiest.keys(), template);
        List<Summary> maxima = Summary.of(runs.stream().filter(r -> r.scenario().equals(busiest)).toList());
        for (int rep = 1; rep <= options.repetitions(); rep++) {
            for (Running server : servers) {
                double max = maxima.stream().filter(m -> m.target().equals(server.kind.label()))
                        .mapToDouble(Summary::throughput).findFirst().orElse(0);
                if (!(max >= 1)) continue;
                LoadSpec load = template.atRate(max * options.openAt());
                RunRecord record = new RunRecord(scenario, server.kind.label(), rep, load.rate(), measure(server, busiest.client(), requests, load));
                runs.add(record);
                report(record);
            }
        }
    }

    /**
     * One unrecorded run against the first target before an operation's first scenario, so
     * that the client's JIT is warm for every target alike (the first target would otherwise
     * pay for it in repetition 1).
     */
    private void warmUpClient(Running first, String client, Op op, RequestSet<?> requests) {
        if (options.clientWarmup().isZero()) return;
        LoadSpec load = LoadSpec.closed(options.concurrency().get(0), Duration.ZERO, options.clientWarmup());
        LoadResult r = measure(first, client, requests, load);
        log.printf("client warm-up %s %s on %s: %.0f req/s%n", client, op.cliName(), first.kind.label(), r.throughput());
    }

    private LoadResult measure(Running server, String client, RequestSet<?> requests, LoadSpec load) {
        if (!server.process.isAlive()) {
            return failed(load, server.kind.label() + " is not running");
        }
        try {
            settle(server);
            return new LoadDriver(clock, server.transport(client, load.concurrency()), requests, load, server.pids()).run();
        } catch (RuntimeException e) {
            return failed(load, String.valueOf(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(load, "interrupted");
        }
    }

    /** Waits for the server to finish what the previous run left running (see {@link Quiescence}). */
    private void settle(Running server) throws InterruptedException {
        Quiescence.Outcome settled = Quiescence.await(server.process.pid(), options.settle(), clock);
        if (!settled.idle()) {
            log.printf("%s still busy after %.1f s; measuring anyway%n", server.kind.label(), settled.waited().toNanos() / 1e9);
        } else if (settled.waited().compareTo(SETTLE_WORTH_LOGGING) > 0) {
            log.printf("%s idle after %.1f s%n", server.kind.label(), settled.waited().toNanos() / 1e9);
        }
    }

    private static LoadResult failed(LoadSpec load, String why) {
        double nan = Double.NaN;
        return new LoadResult(0, 1, load.duration().toNanos() / 1e9, 0, nan, nan, nan, nan, nan, nan, why, List.of());
    }

    private void report(RunRecord r) {
        LoadResult x = r.result();
        LoadInterval worst = x.worstInterval();
        log.printf("%-48s %-16s rep %d: %9.0f req/s  p50 %7.0f µs  p99 %7.0f µs  server %6.1f µs/req  client %6.1f µs/req  errors %d%s%s%n",
                r.scenario().label(), r.target(), r.repetition(), x.throughput(), x.p50Micros(), x.p99Micros(),
                x.serverCpuMicrosPerRequest(), x.clientCpuMicrosPerRequest(), x.errors(),
                worst == null ? "" : String.format("  slowest at +%d ms: %.0f µs", worst.startMillis(), worst.maxMicros()),
                x.firstError() == null ? "" : "  first error: " + x.firstError());
    }

    private void load(List<Running> servers, DataLayout layout) throws InterruptedException {
        for (Running r : servers) {
            if (!r.kind.storesData()) continue;
            long begin = clock.nanos();
            try (DynamoDbAsyncClient c = SdkTransport.client("127.0.0.1", r.process.port(), 16, RetryMode.STANDARD, true)) {
                new TableSetup(c, clock).createAndLoad(layout, options.contributorInsights());
            }
            log.printf("loaded %s on %s in %.1f s%n", layout.table(), r.kind.label(), (clock.nanos() - begin) / 1e9);
            if (r.kind.hasCompanion() && r.companion == null) r.companion = startCompanion(r);
        }
    }

    /** The second node of a target that has one, started once its tables exist (a node reads the catalog when it starts). */
    private ServerProcess startCompanion(Running r) throws InterruptedException {
        int port = r.process.port() + TargetKind.COMPANION_PORT_OFFSET;
        Path work = options.out().resolve("servers").resolve(r.kind.label());
        try {
            ServerProcess p = ServerProcess.start(r.kind.label() + "-2", r.kind.companionCommand(env, port, work), work,
                    options.out().resolve(r.kind.label() + "-2.log"), port, COMPANION_START_TIMEOUT, clock);
            log.printf("started the second node of %s on port %d%n", r.kind.label(), port);
            return p;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Running start(TargetKind kind, int port) throws IOException, InterruptedException {
        Path work = options.out().resolve("servers").resolve(kind.label());
        deleteRecursively(work);
        Files.createDirectories(work);
        ServerProcess p = ServerProcess.start(kind.label(), kind.command(env, port, work), work,
                options.out().resolve(kind.label() + ".log"), port, START_TIMEOUT, clock);
        // Idle before reading RSS, so that lazy initialisation has settled.
        Thread.sleep(options.idleBeforeRss().toMillis());
        StartupRecord s = new StartupRecord(kind.label(), p.readyAfter().toNanos() / 1e6, ProcessCpu.rssBytes(p.pid()) / 1048576.0);
        log.printf("started %s on port %d: first answer after %.0f ms, idle RSS %.0f MB%n", kind.label(), port, s.readyMillis(), s.idleRssMegabytes());
        return new Running(kind, p, s);
    }

    static String startupTable(List<StartupRecord> startup) {
        StringBuilder md = new StringBuilder("| target | first answer after launch (ms) | idle RSS (MB) |\n|---|---|---|\n");
        for (StartupRecord s : startup) {
            md.append(String.format(java.util.Locale.ROOT, "| %s | %.0f | %.0f |%n", s.target(), s.readyMillis(), s.idleRssMegabytes()));
        }
        return md.toString();
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    /**
     * A started server, what its start-up measured, and the clients connected to it, kept across
     * runs (an SDK client takes seconds to close and its connections are worth keeping warm).
     */
    private static final class Running implements AutoCloseable {
        final TargetKind kind;
        final ServerProcess process;
        final StartupRecord startup;
        /** The second Keyline node of a two-node target, once started. */
        ServerProcess companion;
        private final Map<String, Transport> transports = new java.util.HashMap<>();

        Running(TargetKind kind, ServerProcess process, StartupRecord startup) {
            this.kind = kind;
            this.process = process;
            this.startup = startup;
        }

        Transport transport(String client, int concurrency) {
            return transports.computeIfAbsent(client + "/" + concurrency, k -> {
                if (companion == null || concurrency < 2) return transport(client, process.port(), concurrency);
                int half = Math.max(1, concurrency / 2);
                return new io.keyline.bench.load.SplitTransport(List.of(transport(client, process.port(), half),
                        transport(client, companion.port(), concurrency - half)));
            });
        }

        private static Transport transport(String client, int port, int concurrency) {
            return client.equals("raw") ? new RawHttpTransport("127.0.0.1", port, concurrency) : new SdkTransport("127.0.0.1", port, concurrency);
        }

        /**
         * The server processes a run's CPU is charged to: the Keyline nodes, and for a Cassandra
         * target the Cassandra processes named by {@code KEYLINE_BENCH_CASSANDRA_PIDS} (comma
         * separated), so that its CPU per request counts the storage's work as RocksDB's does.
         */
        long[] pids() {
            java.util.stream.LongStream.Builder pids = java.util.stream.LongStream.builder();
            pids.add(process.pid());
            if (companion != null) pids.add(companion.pid());
            if (kind == TargetKind.KEYLINE_CASSANDRA || kind == TargetKind.KEYLINE_CASSANDRA_2) {
                for (String pid : System.getenv().getOrDefault("KEYLINE_BENCH_CASSANDRA_PIDS", "").split(",")) {
                    if (!pid.isBlank()) pids.add(Long.parseLong(pid.trim()));
                }
            }
            return pids.build().toArray();
        }

        @Override
        public void close() {
            transports.values().forEach(Transport::close);
            if (companion != null) companion.close();
            process.close();
        }
    }
}
