package io.keyline.bench.engine;

import io.keyline.capacity.CapacityMode;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * PutItem throughput with a stream enabled against disabled, in process (docs/BENCHMARKS.md,
 * "Streams: PutItem with a stream"): two engines alike (memory storage, or RocksDB with the
 * argument {@code rocksdb}; the second sets the puts per round; {@code --capacity enforce} and a 1,000,000 WCU table, so nothing
 * throttles), one of them with a NEW_AND_OLD_IMAGES stream, the costliest view type. Each round
 * overwrites 20,000 keys (100,000 puts by default) with a new value, so every put is a MODIFY whose record holds both
 * images. Rounds alternate between the two ({@link PairedRounds}) and report puts per second of one
 * thread's CPU time (request JSON parsed, dispatched, response written); the median round's ratio is the
 * figure. A {@code main}, not a test.
 */
public final class StreamCostBenchmark {
    private static final int KEYS = 20_000;
    /** Puts per round: the second argument, 100,000 by default. */
    private static int putsPerRound = 100_000;
    private static final int ROUNDS = 9;
    /** CPU time, not wall time: the figure holds on a machine shared with other work. */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws IOException {
        boolean rocks = args.length > 0 && args[0].equals("rocksdb");
        if (args.length > 1) putsPerRound = Integer.parseInt(args[1]);
        Engine withStream = setUp(storage(rocks), true);
        Engine withoutStream = setUp(storage(rocks), false);
        Operations with = new Operations(withStream);
        Operations without = new Operations(withoutStream);
        int[] value = {0};
        PairedRounds.run(ROUNDS, "stream on", "off", "puts/CPU-s", () -> round(with, value[0]++), () -> round(without, value[0]++));
        // Partitions (and so shards) the capacity model made of the table by the end: splits cost a stream more.
        System.out.printf("partitions at the end: stream on %d, off %d%n", partitions(withStream), partitions(withoutStream));
    }

    private static int partitions(Engine engine) {
        return engine.capacity().binding(engine.table("bench")).table().partitionCount();
    }

    private static Storage storage(boolean rocks) throws IOException {
        return rocks ? new RocksDbStorage(Files.createTempDirectory("keyline-stream-bench")) : new MemoryStorage();
    }

    /** Puts per second of this thread's CPU time over one round of overwrites with value {@code v}. */
    private static double round(Operations ops, int v) {
        long sink = 0;
        long start = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < putsPerRound; i++) {
            byte[] request = ("{\"TableName\":\"bench\",\"Item\":{\"p\":{\"S\":\"key-" + (i % KEYS) + "\"},\"s\":{\"S\":\"s\"},"
                    + "\"v\":{\"N\":\"" + (v * putsPerRound + i) + "\"},\"payload\":{\"S\":\"" + "x".repeat(200) + "\"}}}")
                    .getBytes(StandardCharsets.UTF_8);
            Object response = ops.dispatch("PutItem", JsonObject.of(Json.parse(request)));
            sink += Json.write(response).length;
        }
        long nanos = CPU.getCurrentThreadCpuTime() - start;
        if (sink < 0) throw new AssertionError();
        return putsPerRound / (nanos / 1e9);
    }

    private static Engine setUp(Storage storage, boolean stream) {
        Engine engine = new Engine(storage, SystemClock.INSTANCE,
                Settings.defaults().withCapacity(Settings.defaultCapacity().withMode(CapacityMode.ENFORCE).withTableQuota(1e9, 1e9)));
        Operations ops = new Operations(engine);
        call(ops, "CreateTable", "{\"TableName\":\"bench\",\"KeySchema\":[{\"AttributeName\":\"p\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"s\",\"KeyType\":\"RANGE\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"s\",\"AttributeType\":\"S\"}],"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1000000,\"WriteCapacityUnits\":1000000}"
                + (stream ? ",\"StreamSpecification\":{\"StreamEnabled\":true,\"StreamViewType\":\"NEW_AND_OLD_IMAGES\"}" : "") + "}");
        return engine;
    }

    private static void call(Operations ops, String op, String json) {
        try {
            ops.dispatch(op, JsonObject.of(Json.parse(json.getBytes(StandardCharsets.UTF_8))));
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException(op + " failed", e));
        }
    }
}
