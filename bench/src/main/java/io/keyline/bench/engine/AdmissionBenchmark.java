package io.keyline.bench.engine;

import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.engine.metering.CapacityRegistry;
import io.keyline.engine.metering.ItemCapacity;
import io.keyline.engine.metering.TableBinding;
import io.keyline.metadata.PrimaryKey;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cost of capacity admission plus accounting for one request, on the request path the engine
 * runs: a PutItem's {@link ItemCapacity#admitWrite} and {@link ItemCapacity#written}, a
 * GetItem's admit and charge, on provisioned tables (1,000,000 units) that never throttle, without and with one
 * GSI. A {@code main}, not a test (docs/BENCHMARKS.md); not JMH because the bench module is not
 * on main yet: warm-up rounds, then timed rounds, reporting the mean per request.
 */
public final class AdmissionBenchmark {
    private static final int KEYS = 4096;
    private static final int OPS = 2_000_000;

    public static void main(String[] args) {
        ManualClock clock = new ManualClock();
        Engine engine = new Engine(new MemoryStorage(), clock,
                Settings.defaults().withCapacity(CapacitySettings.defaults().withTableQuota(1e9, 1e9)));
        Operations ops = new Operations(engine);
        String throughput = "'ProvisionedThroughput':{'ReadCapacityUnits':1000000,'WriteCapacityUnits':1000000}";
        ops.dispatch("CreateTable", json("{'TableName':'plain','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]," + throughput + "}"));
        ops.dispatch("CreateTable", json("{'TableName':'indexed','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + throughput + ",'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}," + throughput + "}]}"));
        TableMetadata plain = engine.catalog().get("plain");
        TableMetadata indexed = engine.catalog().get("indexed");
        CapacityRegistry registry = engine.capacity();
        ItemCapacity capacity = engine.itemCapacity();

        PrimaryKey[] keys = new PrimaryKey[KEYS];
        @SuppressWarnings("unchecked")
        Map<String, AttributeValue>[] items = new Map[KEYS];
        for (int i = 0; i < KEYS; i++) {
            keys[i] = new PrimaryKey(new AttributeValue.S("key-" + i), null);
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            item.put("p", keys[i].partition());
            item.put("g", new AttributeValue.S("g-" + i));
            item.put("payload", new AttributeValue.S("x".repeat(200)));
            items[i] = item;
        }
        for (int round = 0; round < 8; round++) {
            boolean timed = round >= 3;
            for (TableMetadata t : List.of(plain, indexed)) {
                long start = System.nanoTime();
                long sink = 0;
                for (int i = 0; i < OPS; i++) {
                    int k = i & (KEYS - 1);
                    TableBinding b = registry.binding(t);
                    Map<String, AttributeValue> old = (i & 1) == 0 ? null : items[k];
                    sink += (long) capacity.admitWrite(b, keys[k], old, items[k], false).units();
                    capacity.written(b, old, items[k]);
                    clock.advance(Duration.ofNanos(4_000)); // 250,000 a second over 4,096 keys: no partition near its ceiling
                }
                long writes = System.nanoTime() - start;
                start = System.nanoTime();
                for (int i = 0; i < OPS; i++) {
                    int k = i & (KEYS - 1);
                    TableBinding b = registry.binding(t);
                    capacity.admitRead(b, keys[k]);
                    sink += (long) capacity.chargeRead(b, keys[k], items[k], ReadConsistency.EVENTUAL).units();
                    clock.advance(Duration.ofNanos(4_000));
                }
                long reads = System.nanoTime() - start;
                if (timed) {
                    System.out.printf("%-8s write admit+account %.0f ns/op, read admit+charge %.0f ns/op (sink %d)%n",
                            t.name(), (double) writes / OPS, (double) reads / OPS, sink);
                }
            }
        }
    }

    private static JsonObject json(String text) {
        return JsonObject.of(Json.parse(text.replace('\'', '"').getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
