package io.keyline.bench.engine;

import io.keyline.capacity.CapacityMode;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;
import java.nio.charset.StandardCharsets;

/**
 * PutItem throughput in process with {@code --capacity enforce} against {@code --capacity off}
 * when nothing throttles: request JSON parsed, dispatched, response written, on a provisioned
 * table large enough (1,000,000 WCU) that no partition nears its ceiling. Rounds alternate
 * between the two engines so machine noise hits both; the median round is reported. A
 * {@code main}, not a test (docs/BENCHMARKS.md).
 */
public final class PutThroughputBenchmark {
    private static final int KEYS = 100_000;
    private static final int PUTS_PER_ROUND = 200_000;
    private static final int ROUNDS = 9;

    public static void main(String[] args) {
        Engine enforce = engine(CapacityMode.ENFORCE);
        Engine off = engine(CapacityMode.OFF);
        Operations enforceOps = setUp(enforce);
        Operations offOps = setUp(off);
        byte[][] requests = putRequests(KEYS);
        PairedRounds.run(ROUNDS, "enforce", "off", "puts/s", () -> round(enforceOps, requests), () -> round(offOps, requests));
    }

    /** PutItem bodies of {@code keys} keys, 200-byte payloads: what the in-process PutItem benchmarks send. */
    static byte[][] putRequests(int keys) {
        byte[][] requests = new byte[keys][];
        for (int i = 0; i < keys; i++) {
            requests[i] = ("{\"TableName\":\"bench\",\"Item\":{\"p\":{\"S\":\"key-" + i + "\"},\"payload\":{\"S\":\""
                    + "x".repeat(200) + "\"},\"n\":{\"N\":\"" + i + "\"}}}").getBytes(StandardCharsets.UTF_8);
        }
        return requests;
    }

    private static double round(Operations ops, byte[][] requests) {
        long start = System.nanoTime();
        long sink = 0;
        for (int i = 0; i < PUTS_PER_ROUND; i++) {
            Object response = ops.dispatch("PutItem", JsonObject.of(Json.parse(requests[i % KEYS])));
            sink += Json.write(response).length;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (sink < 0) throw new AssertionError();
        return PUTS_PER_ROUND / seconds;
    }

    private static Engine engine(CapacityMode mode) {
        return new Engine(new MemoryStorage(), SystemClock.INSTANCE,
                Settings.defaults().withCapacity(Settings.defaultCapacity().withMode(mode).withTableQuota(1e9, 1e9)));
    }

    private static Operations setUp(Engine engine) {
        Operations ops = new Operations(engine);
        ops.dispatch("CreateTable", JsonObject.of(Json.parse(("{\"TableName\":\"bench\",\"KeySchema\":[{\"AttributeName\":\"p\","
                + "\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"}],"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1000000,\"WriteCapacityUnits\":1000000}}")
                .getBytes(StandardCharsets.UTF_8))));
        return ops;
    }
}
