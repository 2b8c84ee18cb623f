package io.keyline.bench.engine;

import io.keyline.engine.Engine;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;

/**
 * The request path without the network, for A/B comparisons of two builds: each request's JSON
 * parsed, dispatched through {@link Operations} (decode, checks, engine, capacity admission) and
 * the response written, on one thread. It reports the thread's CPU time and, the figure that
 * machine noise cannot move, the bytes it allocated per request.
 *
 * <p>It is compiled against this build but touches only types every build since session 4 has
 * (Engine's constructor and Settings are found by reflection, since Settings moved to
 * {@code engine.config}), so {@code bench/ab-path.sh} runs the same class on an older jar.
 * The table is provisioned at 40,000 units (the default quota) so nothing throttles.
 *
 * <p>Usage: {@code RequestPathBenchmark OP [memory|rocksdb] [ROUNDS]}, OP one of put, get, query
 * (a 10-item page of 200-byte items). Prints one line per round and the minimum CPU round.
 */
public final class RequestPathBenchmark {
    private static final int PARTITIONS = 1_000;
    private static final int ITEMS_PER_PARTITION = 10;
    private static final int REQUESTS_PER_ROUND = 200_000;
    private static final String PADDING = "x".repeat(170);

    public static void main(String[] args) throws Exception {
        String op = args.length > 0 ? args[0] : "query";
        boolean rocksdb = args.length > 1 && args[1].equals("rocksdb");
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Operations ops = new Operations(engine(rocksdb));
        load(ops);
        byte[][] bodies = new byte[PARTITIONS][];
        for (int p = 0; p < PARTITIONS; p++) bodies[p] = bytes(body(op, p));
        String name = switch (op) {
            case "put" -> "PutItem";
            case "get" -> "GetItem";
            case "query" -> "Query";
            default -> throw new IllegalArgumentException("OP is put, get or query: " + op);
        };
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        double[] cpu = new double[rounds];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            long cpu0 = threads.getCurrentThreadCpuTime(), bytes0 = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < REQUESTS_PER_ROUND; i++) {
                Object response = ops.dispatch(name, JsonObject.of(Json.parse(bodies[i % PARTITIONS])));
                sink += Json.write(response).length;
            }
            long cpu1 = threads.getCurrentThreadCpuTime(), bytes1 = threads.getThreadAllocatedBytes(thread);
            cpu[r] = (cpu1 - cpu0) / 1e3 / REQUESTS_PER_ROUND;
            System.out.printf("%s %s round %d: cpu %.2f µs/req alloc %d B/req%n", name, rocksdb ? "rocksdb" : "memory",
                    r, cpu[r], (bytes1 - bytes0) / REQUESTS_PER_ROUND);
        }
        Arrays.sort(cpu);
        System.out.printf("%s min cpu %.2f µs/req (response bytes %d)%n", name, cpu[0], sink / ((long) REQUESTS_PER_ROUND * rounds));
        System.exit(0); // RocksDB's and the engine's background threads are not daemons
    }

    private static Engine engine(boolean rocksdb) throws Exception {
        Class<?> settings;
        try {
            settings = Class.forName("io.keyline.engine.config.Settings");
        } catch (ClassNotFoundException older) {
            settings = Class.forName("io.keyline.engine.Settings");
        }
        Storage storage = rocksdb ? new RocksDbStorage(Files.createTempDirectory("request-path")) : new MemoryStorage();
        return (Engine) Engine.class.getConstructor(Storage.class, Clock.class, settings)
                .newInstance(storage, SystemClock.INSTANCE, settings.getMethod("defaults").invoke(null));
    }

    private static void load(Operations ops) {
        ops.dispatch("CreateTable", JsonObject.of(Json.parse(bytes("{'TableName':'bench',"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':40000,'WriteCapacityUnits':40000},"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},{'AttributeName':'sk','AttributeType':'N'}]}"))));
        for (int p = 0; p < PARTITIONS; p++) {
            for (int s = 0; s < ITEMS_PER_PARTITION; s++) {
                ops.dispatch("PutItem", JsonObject.of(Json.parse(bytes("{'TableName':'bench','Item':{'pk':{'S':'"
                        + queryKey(p) + "'},'sk':{'N':'" + s + "'},'v':{'S':'" + PADDING + "'}}}"))));
            }
        }
    }

    private static String body(String op, int p) {
        return switch (op) {
            case "put" -> "{'TableName':'bench','Item':{'pk':{'S':'item-" + p + "'},'sk':{'N':'0'},'v':{'S':'" + PADDING + "'}}}";
            case "get" -> "{'TableName':'bench','Key':{'pk':{'S':'" + queryKey(p) + "'},'sk':{'N':'3'}}}";
            default -> "{'TableName':'bench','KeyConditionExpression':'pk = :p',"
                    + "'ExpressionAttributeValues':{':p':{'S':'" + queryKey(p) + "'}},'Limit':10}";
        };
    }

    private static String queryKey(int p) { return String.format("query-%05d", p); }

    private static byte[] bytes(String singleQuoted) { return singleQuoted.replace('\'', '"').getBytes(StandardCharsets.UTF_8); }
}
