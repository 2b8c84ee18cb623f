package io.keyline.bench.engine;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableStatus;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Index benchmark (a main, not a test): PutItem throughput on an in-memory table with 0 and
 * with 5 GSIs in one run (GSI propagation included: the clock stops when the change log is
 * empty), then the backfill of a new GSI over 1,000,000 items. Arguments: puts per table
 * (default 200000), items to backfill (default 1000000). See docs/BENCHMARKS.md.
 */
public final class IndexBenchmark {
    private IndexBenchmark() {}

    public static void main(String[] args) throws Exception {
        int puts = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int backfillItems = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        for (int round = 0; round < 2; round++) { // round 0 warms the JIT
            boolean report = round == 1;
            putThroughput(0, report ? puts : puts / 4, report);
            putThroughput(5, report ? puts : puts / 4, report);
        }
        backfill(backfillItems);
    }

    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    private static String table(int gsis) {
        StringBuilder defs = new StringBuilder("{'AttributeName':'p','AttributeType':'S'}");
        StringBuilder indexes = new StringBuilder();
        for (int g = 0; g < gsis; g++) {
            defs.append(",{'AttributeName':'g").append(g).append("','AttributeType':'S'}");
            if (g > 0) indexes.append(',');
            indexes.append("{'IndexName':'idx").append(g).append("','KeySchema':[{'AttributeName':'g").append(g)
                    .append("','KeyType':'HASH'}],'Projection':{'ProjectionType':'").append(g % 2 == 0 ? "ALL" : "KEYS_ONLY").append("'}}");
        }
        return "{'TableName':'bench','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[" + defs + "]" + (gsis > 0 ? ",'GlobalSecondaryIndexes':[" + indexes + "]" : "") + "}";
    }

    private static String item(int i) {
        StringBuilder sb = new StringBuilder("{'TableName':'bench','Item':{'p':{'S':'k").append(i).append("'}");
        for (int g = 0; g < 5; g++) sb.append(",'g").append(g).append("':{'S':'v").append(i % 1000).append("'}");
        return sb.append(",'payload':{'S':'").append("x".repeat(100)).append("'}}}").toString();
    }

    private static void putThroughput(int gsis, int puts, boolean report) throws InterruptedException {
        try (Engine engine = new Engine(new MemoryStorage(), SystemClock.INSTANCE, Settings.defaults())) {
            Operations ops = new Operations(engine);
            ops.dispatch("CreateTable", request(table(gsis)));
            JsonObject[] requests = new JsonObject[puts];
            for (int i = 0; i < puts; i++) requests[i] = request(item(i));
            long start = System.nanoTime();
            for (JsonObject r : requests) ops.dispatch("PutItem", r);
            long written = System.nanoTime();
            if (!engine.indexes().propagator().awaitIdle(java.time.Duration.ofMinutes(10))) throw new IllegalStateException("GSI changes still pending");
            long done = System.nanoTime();
            if (report) {
                System.out.printf(Locale.ROOT, "PutItem, %d GSIs: %,d puts in %.2f s = %,.0f puts/s (writes only: %,.0f puts/s)%n",
                        gsis, puts, (done - start) / 1e9, puts / ((done - start) / 1e9), puts / ((written - start) / 1e9));
            }
        }
    }

    private static void backfill(int items) throws InterruptedException {
        try (Engine engine = new Engine(new MemoryStorage(), SystemClock.INSTANCE, Settings.defaults())) {
            Operations ops = new Operations(engine);
            ops.dispatch("CreateTable", request(table(0)));
            for (int i = 0; i < items; i++) ops.dispatch("PutItem", request(item(i)));
            long start = System.nanoTime();
            ops.dispatch("UpdateTable", request("{'TableName':'bench','AttributeDefinitions':[{'AttributeName':'g0','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'late','KeySchema':[{'AttributeName':'g0','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}}]}"));
            int during = 0;
            while (engine.catalog().get("bench").index("late").status() != TableStatus.ACTIVE) {
                ops.dispatch("PutItem", request(item(items + during++))); // writes go on during the backfill
            }
            long done = System.nanoTime();
            System.out.printf(Locale.ROOT, "Backfill of %,d items: %.2f s = %,.0f items/s, with %,d PutItems served meanwhile; index ItemCount %,d%n",
                    items, (done - start) / 1e9, items / ((done - start) / 1e9), during,
                    engine.catalog().statistics(engine.catalog().get("bench").index("late").keyspaceId()).itemCount());
        }
    }
}
