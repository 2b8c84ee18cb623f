package io.keyline.bench.engine;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The cost of the metrics on PutItem, in process: CPU time of this thread per put with metrics
 * on (the capacity observer, and the request recording the server does for each request) against
 * metrics off, on memory storage and a provisioned table large enough that nothing throttles.
 * Rounds alternate between the two engines so machine noise hits both; the median round is
 * reported, and the ratio. Thread CPU time, not wall time: the machine this runs on is shared.
 * A {@code main}, not a test (docs/BENCHMARKS.md, "Metrics on and off").
 */
public final class MetricsCostBenchmark {
    private static final int KEYS = 100_000;
    private static final int PUTS_PER_ROUND = 200_000;
    private static final int ROUNDS = 9;
    private static final List<String> TABLE = List.of("bench");

    public static void main(String[] args) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Clock clock = SystemClock.INSTANCE;
        Engine on = engine();
        Engine off = engine();
        Metrics onMetrics = Metrics.attach(on.capacity().model(), clock, MetricsSettings.defaults(), 80_000, 80_000, e -> {});
        Metrics.attach(off.capacity().model(), clock, MetricsSettings.off(), 80_000, 80_000, e -> {});
        Operations onOps = setUp(on);
        Operations offOps = setUp(off);
        byte[][] requests = PutThroughputBenchmark.putRequests(KEYS);
        PairedRounds.run(ROUNDS, "metrics on", "off", "µs CPU/put",
                () -> round(threads, onOps, onMetrics, clock, requests), () -> round(threads, offOps, null, clock, requests));
    }

    /** CPU µs per put of one round; with metrics, each put is also recorded as the server records a request. */
    private static double round(ThreadMXBean threads, Operations ops, Metrics metrics, Clock clock, byte[][] requests) {
        long start = threads.getCurrentThreadCpuTime();
        long sink = 0;
        for (int i = 0; i < PUTS_PER_ROUND; i++) {
            long t0 = metrics == null ? 0 : clock.nanos();
            Object response = ops.dispatch("PutItem", JsonObject.of(Json.parse(requests[i % KEYS])));
            if (metrics != null) metrics.requests().finished("PutItem", TABLE, clock.nanos() - t0, -1, null, 200);
            sink += Json.write(response).length;
        }
        if (sink < 0) throw new AssertionError();
        return (threads.getCurrentThreadCpuTime() - start) / 1e3 / PUTS_PER_ROUND;
    }

    private static Engine engine() {
        return new Engine(new MemoryStorage(), SystemClock.INSTANCE,
                Settings.defaults().withCapacity(Settings.defaultCapacity().withTableQuota(1e9, 1e9)));
    }

    /** The table PutThroughputBenchmark puts to: 1,000,000 WCU, so no partition nears its ceiling. */
    private static Operations setUp(Engine engine) {
        Operations ops = new Operations(engine);
        ops.dispatch("CreateTable", JsonObject.of(Json.parse(("{\"TableName\":\"bench\",\"KeySchema\":[{\"AttributeName\":\"p\","
                + "\"KeyType\":\"HASH\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"}],"
                + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1000000,\"WriteCapacityUnits\":1000000}}")
                .getBytes(StandardCharsets.UTF_8))));
        return ops;
    }
}
