package io.keyline.bench.engine;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.server.EngineMetrics;
import io.keyline.server.RequestMetering;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What keeping the metrics, Contributor Insights, or both on costs a request, in process: two
 * engines alike, the feature on in one and off in the other, each request's JSON parsed,
 * dispatched through {@link Operations} with the server's own {@link RequestMetering} around it
 * (as {@code ApiRequestProcessor} does) and its response written, on one thread. Rounds alternate
 * between the two ({@link PairedRounds}); each round reports this thread's CPU time and the bytes
 * it allocated per request (the figure a shared machine's noise cannot move).
 *
 * <p>The table is RequestPathBenchmark's (hash {@code pk}, range {@code sk}, ten 200-byte items
 * per partition key) with a KEYS_ONLY GSI on {@code g} (100 values), both at 1,000,000 units
 * (the table quota lifted) so nothing throttles (a throttle would end the run), so that a
 * PutItem charges two resources and insights counts in three sketches (table PK, table PK+SK,
 * GSI PK). Puts cycle through {@code KEYS} partition keys (1,000 by default, four times what a
 * sketch bucket keeps: nearly every put evicts, the sketch's worst case; 100 keys is its best).
 *
 * <p>Usage: {@code ObservabilityCostBenchmark metrics|insights|both put|get|query [memory|rocksdb] [ROUNDS] [KEYS]}.
 * A {@code main}, not a test (docs/BENCHMARKS.md, "The cost of metrics and insights on the request path").
 */
public final class ObservabilityCostBenchmark {
    private static final int REQUESTS_PER_ROUND = 100_000;
    private static final int ITEMS_PER_PARTITION = 10;
    private static final String PADDING = "x".repeat(160);

    private final String operation;
    private final byte[][] bodies;
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final List<Long> allocatedOn = new ArrayList<>(), allocatedOff = new ArrayList<>();

    private ObservabilityCostBenchmark(String operation, byte[][] bodies) {
        this.operation = operation;
        this.bodies = bodies;
    }

    public static void main(String[] args) throws Exception {
        String feature = args.length > 0 ? args[0] : "both";
        String op = args.length > 1 ? args[1] : "put";
        boolean rocksdb = args.length > 2 && args[2].equals("rocksdb");
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 9;
        int keys = args.length > 4 ? Integer.parseInt(args[4]) : 1_000;
        boolean metrics = feature.equals("metrics") || feature.equals("both");
        boolean insights = feature.equals("insights") || feature.equals("both");
        if (!metrics && !insights) throw new IllegalArgumentException("FEATURE is metrics, insights or both: " + feature);
        Side on = side(rocksdb, metrics, insights, keys);
        Side off = side(rocksdb, false, false, keys);
        byte[][] bodies = new byte[keys][];
        for (int k = 0; k < keys; k++) bodies[k] = bytes(body(op, k));
        ObservabilityCostBenchmark bench = new ObservabilityCostBenchmark(switch (op) {
            case "put" -> "PutItem";
            case "get" -> "GetItem";
            case "query" -> "Query";
            default -> throw new IllegalArgumentException("OP is put, get or query: " + op);
        }, bodies);
        System.out.printf("%s %s %s, %d keys, %d requests a round%n", feature, bench.operation,
                rocksdb ? "rocksdb" : "memory", keys, REQUESTS_PER_ROUND);
        PairedRounds.run(rounds, feature + " on", "off", "µs CPU/req",
                () -> bench.round(on, bench.allocatedOn), () -> bench.round(off, bench.allocatedOff));
        System.out.printf("allocated B/req, median of the measured rounds: on %d, off %d, on - off %d%n",
                median(bench.allocatedOn), median(bench.allocatedOff), median(bench.allocatedOn) - median(bench.allocatedOff));
        System.exit(0); // RocksDB's and the engine's background threads are not daemons
    }

    /** One engine and what the server would wrap around it. */
    private record Side(Operations ops, RequestMetering metering) {}

    /** CPU µs per request of one round; its allocation per request goes to {@code allocated}. */
    private double round(Side side, List<Long> allocated) {
        long thread = Thread.currentThread().getId();
        long cpu0 = threads.getCurrentThreadCpuTime(), bytes0 = threads.getThreadAllocatedBytes(thread);
        long sink = 0;
        for (int i = 0; i < REQUESTS_PER_ROUND; i++) {
            JsonObject request = JsonObject.of(Json.parse(bodies[i % bodies.length]));
            long start = side.metering.start();
            Object response = side.ops.dispatch(operation, request);
            side.metering.finished(null, operation, request, start, response, null);
            sink += Json.write(response).length;
        }
        long cpu1 = threads.getCurrentThreadCpuTime(), bytes1 = threads.getThreadAllocatedBytes(thread);
        if (sink < 0) throw new AssertionError();
        // The first two rounds of each side are PairedRounds' warm-up; keep only the measured ones.
        allocated.add((bytes1 - bytes0) / REQUESTS_PER_ROUND);
        if (allocated.size() <= PairedRounds.WARM_UP) allocated.set(allocated.size() - 1, -1L);
        return (cpu1 - cpu0) / 1e3 / REQUESTS_PER_ROUND;
    }

    private static Side side(boolean rocksdb, boolean metrics, boolean insights, int keys) throws Exception {
        Clock clock = SystemClock.INSTANCE;
        Storage storage = rocksdb ? new RocksDbStorage(Files.createTempDirectory("observability-cost")) : new MemoryStorage();
        Engine engine = new Engine(storage, clock, Settings.defaults().withCapacity(Settings.defaultCapacity().withTableQuota(1e9, 1e9)));
        // As ServeCommand does: the metrics are always attached, off only explains throttles.
        Metrics attached = EngineMetrics.attach(engine, clock, metrics ? MetricsSettings.defaults() : MetricsSettings.off());
        Operations ops = new Operations(engine);
        call(ops, "CreateTable", "{'TableName':'bench','ProvisionedThroughput':{'ReadCapacityUnits':1000000,'WriteCapacityUnits':1000000},"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},{'AttributeName':'sk','AttributeType':'N'},"
                + "{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'gsi','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'},"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':1000000,'WriteCapacityUnits':1000000}}]}");
        if (insights) {
            call(ops, "UpdateContributorInsights", "{'TableName':'bench','ContributorInsightsAction':'ENABLE'}");
            call(ops, "UpdateContributorInsights", "{'TableName':'bench','IndexName':'gsi','ContributorInsightsAction':'ENABLE'}");
            awaitEnabled(ops);
        }
        for (int k = 0; k < keys; k++) {
            for (int s = 0; s < ITEMS_PER_PARTITION; s++) call(ops, "PutItem", item(k, s));
        }
        return new Side(ops, RequestMetering.of(attached, clock));
    }

    private static void awaitEnabled(Operations ops) throws InterruptedException {
        for (String index : new String[] {"", ",'IndexName':'gsi'"}) {
            while (!new String(Json.write(call(ops, "DescribeContributorInsights", "{'TableName':'bench'" + index + "}")),
                    StandardCharsets.UTF_8).contains("\"ENABLED\"")) {
                Thread.sleep(50);
            }
        }
    }

    private static String item(int k, int s) {
        return "{'TableName':'bench','Item':{'pk':{'S':'" + key(k) + "'},'sk':{'N':'" + s + "'},'g':{'S':'g-" + (k % 100)
                + "'},'v':{'S':'" + PADDING + "'}}}";
    }

    private static String body(String op, int k) {
        return switch (op) {
            case "put" -> item(k, 0);
            case "get" -> "{'TableName':'bench','Key':{'pk':{'S':'" + key(k) + "'},'sk':{'N':'3'}}}";
            default -> "{'TableName':'bench','KeyConditionExpression':'pk = :p',"
                    + "'ExpressionAttributeValues':{':p':{'S':'" + key(k) + "'}},'Limit':10}";
        };
    }

    private static String key(int k) { return String.format("key-%06d", k); }

    private static Object call(Operations ops, String op, String singleQuoted) {
        return ops.dispatch(op, JsonObject.of(Json.parse(bytes(singleQuoted))));
    }

    private static byte[] bytes(String singleQuoted) { return singleQuoted.replace('\'', '"').getBytes(StandardCharsets.UTF_8); }

    private static long median(List<Long> values) {
        List<Long> measured = new ArrayList<>();
        for (long v : values) if (v >= 0) measured.add(v);
        Collections.sort(measured);
        return measured.isEmpty() ? 0 : measured.get(measured.size() / 2);
    }
}
