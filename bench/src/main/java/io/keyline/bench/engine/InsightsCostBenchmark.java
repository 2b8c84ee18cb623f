package io.keyline.bench.engine;

import io.keyline.capacity.CapacityMode;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * CPU per PutItem with Contributor Insights on against off, in process: two engines alike (memory
 * storage, {@code --capacity enforce}, a 1,000,000 WCU table with a sort key and a GSI, so that
 * nothing throttles), insights enabled on the table and its GSI of one of them. By default every
 * put has a new partition key, the sketch's worst case (each one evicts a key); an argument of
 * 200 cycles through 200 keys, which the sketch all keeps (its best case). Rounds alternate between
 * the two so machine noise hits both; CPU is this thread's CPU time (request JSON parsed,
 * dispatched, response written), and the median round's ratio is reported. A {@code main}, not
 * a test (docs/BENCHMARKS.md).
 */
public final class InsightsCostBenchmark {
    /** Distinct partition keys cycled through: the first argument, 1,000,000 by default (no key repeats in a round). */
    private static int keys = 1_000_000;
    private static final int PUTS_PER_ROUND = 100_000;
    private static final int ROUNDS = 9;

    public static void main(String[] args) {
        if (args.length > 0) keys = Integer.parseInt(args[0]);
        Operations on = setUp(true);
        Operations off = setUp(false);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        List<Double> onCosts = new ArrayList<>();
        List<Double> offCosts = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < ROUNDS + 2; round++) {
            boolean onFirst = round % 2 == 0;
            double a = round(onFirst ? on : off, next, cpu);
            double b = round(onFirst ? off : on, next, cpu);
            next += PUTS_PER_ROUND;
            double onUs = onFirst ? a : b, offUs = onFirst ? b : a;
            if (round >= 2) { // two warm-up rounds
                onCosts.add(onUs);
                offCosts.add(offUs);
                ratios.add(onUs / offUs);
            }
            System.out.printf("round %d: insights on %.2f µs CPU/put, off %.2f µs CPU/put, on/off %.3f%n", round, onUs, offUs, onUs / offUs);
        }
        Collections.sort(onCosts);
        Collections.sort(offCosts);
        Collections.sort(ratios);
        System.out.printf("median: on %.2f µs, off %.2f µs, median ratio on/off %.3f (min %.3f, max %.3f)%n",
                onCosts.get(onCosts.size() / 2), offCosts.get(offCosts.size() / 2), ratios.get(ratios.size() / 2),
                ratios.get(0), ratios.get(ratios.size() - 1));
    }

    /** CPU µs per put of one round of puts of keys from {@code first} on. */
    private static double round(Operations ops, int first, ThreadMXBean cpu) {
        long sink = 0;
        long start = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < PUTS_PER_ROUND; i++) {
            int k = (first + i) % keys;
            byte[] request = ("{\"TableName\":\"bench\",\"Item\":{\"p\":{\"S\":\"key-" + k + "\"},\"s\":{\"S\":\"s\"},"
                    + "\"g\":{\"S\":\"g-" + (k % 1000) + "\"},\"payload\":{\"S\":\"" + "x".repeat(200) + "\"}}}")
                    .getBytes(StandardCharsets.UTF_8);
            Object response = ops.dispatch("PutItem", JsonObject.of(Json.parse(request)));
            sink += Json.write(response).length;
        }
        long used = cpu.getCurrentThreadCpuTime() - start;
        if (sink < 0) throw new AssertionError();
        return used / 1e3 / PUTS_PER_ROUND;
    }

    private static Operations setUp(boolean insights) {
        Engine engine = new Engine(new MemoryStorage(), SystemClock.INSTANCE,
                Settings.defaults().withCapacity(Settings.defaultCapacity().withMode(CapacityMode.ENFORCE).withTableQuota(1e9, 1e9)));
        Operations ops = new Operations(engine);
        call(ops, "CreateTable", "{\"TableName\":\"bench\",\"KeySchema\":[{\"AttributeName\":\"p\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"s\",\"KeyType\":\"RANGE\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"s\",\"AttributeType\":\"S\"},{\"AttributeName\":\"g\",\"AttributeType\":\"S\"}],"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1000000,\"WriteCapacityUnits\":1000000},"
                + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"gsi\",\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],"
                + "\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"},"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1000000,\"WriteCapacityUnits\":1000000}}]}");
        if (insights) {
            call(ops, "UpdateContributorInsights", "{\"TableName\":\"bench\",\"ContributorInsightsAction\":\"ENABLE\"}");
            call(ops, "UpdateContributorInsights", "{\"TableName\":\"bench\",\"IndexName\":\"gsi\",\"ContributorInsightsAction\":\"ENABLE\"}");
        }
        return ops;
    }

    private static void call(Operations ops, String op, String json) {
        ops.dispatch(op, JsonObject.of(Json.parse(json.getBytes(StandardCharsets.UTF_8))));
    }
}
