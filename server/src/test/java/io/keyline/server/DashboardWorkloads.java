package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.error.ApiException;
import io.keyline.metrics.Metrics;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Workloads for the dashboard's tests, run in process on a manual clock (the operations
 * dispatched as the server would, without HTTP, so thousands of writes a simulated second take
 * milliseconds), one simulated second at a time, each followed by the metrics' sample as the
 * server takes it every second. Not thread-safe: one thread drives a workload.
 */
final class DashboardWorkloads {
    /** The hot-key workload's hot partition key. */
    static final String HOT_KEY = "customer-42";

    private final Operations operations;
    private final ManualClock clock;
    private final Metrics metrics;
    long accepted;
    long throttled;

    DashboardWorkloads(Engine engine, ManualClock clock, Metrics metrics) {
        this.operations = new Operations(engine);
        this.clock = clock;
        this.metrics = metrics;
    }

    /** A provisioned table keyed on "p" (and a GSI keyed on {@code gsiKey} with the same units, if not null). */
    void createTable(String name, long rcu, long wcu, String gsiKey) {
        String defs = "{\"AttributeName\":\"p\",\"AttributeType\":\"S\"}"
                + (gsiKey == null ? "" : ",{\"AttributeName\":\"" + gsiKey + "\",\"AttributeType\":\"S\"}");
        String throughput = "{\"ReadCapacityUnits\":" + rcu + ",\"WriteCapacityUnits\":" + wcu + "}";
        String gsi = gsiKey == null ? "" : ",\"GlobalSecondaryIndexes\":[{\"IndexName\":\"by-" + gsiKey + "\",\"KeySchema\":[{\"AttributeName\":\""
                + gsiKey + "\",\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":\"ALL\"},\"ProvisionedThroughput\":" + throughput + "}]";
        call("CreateTable", "{\"TableName\":\"" + name + "\",\"KeySchema\":[{\"AttributeName\":\"p\",\"KeyType\":\"HASH\"}],"
                + "\"AttributeDefinitions\":[" + defs + "],\"ProvisionedThroughput\":" + throughput + gsi + "}");
    }

    /** Turns Contributor Insights on for the table and lets it settle to ENABLED. */
    void enableInsights(String table) {
        call("UpdateContributorInsights", "{\"TableName\":\"" + table + "\",\"ContributorInsightsAction\":\"ENABLE\"}");
        clock.advance(Duration.ofMinutes(1));
    }

    /** {@code writes} PutItems spread evenly over one simulated second, then the metrics' sample. */
    void second(String table, int writes, IntFunction<Map<String, String>> item) {
        long step = 1_000_000_000L / writes;
        for (int i = 0; i < writes; i++) {
            Map<String, Object> attributes = new LinkedHashMap<>();
            item.apply(i).forEach((k, v) -> attributes.put(k, Map.of("S", v)));
            try {
                operations.dispatch("PutItem", JsonObject.of(Map.of("TableName", table, "Item", attributes)));
                accepted++;
            } catch (ApiException e) {
                if (!Engine.isThrottling(e)) throw e;
                throttled++;
            }
            clock.advance(Duration.ofNanos(step));
        }
        metrics.sample();
    }

    /** One second of the hot-key workload: three of every four writes to {@link #HOT_KEY}, the rest spread. */
    void hotKeySecond(String table, int writes) {
        second(table, writes, i -> Map.of("p", i % 4 == 3 ? "customer-" + (1000 + i) : HOT_KEY));
    }

    /** One second of the seeds' day-keyed GSI: every write a new device, all of one day. */
    void dayKeyedSecond(String table, int writes, int second) {
        second(table, writes, i -> Map.of("p", "device-" + second + "-" + i, "day", "2026-11-30"));
    }

    private void call(String operation, String json) {
        operations.dispatch(operation, JsonObject.of(io.keyline.protocol.Json.parse(json.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
    }
}
