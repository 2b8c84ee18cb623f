package io.keyline.bench.jmh;

import io.keyline.capacity.CapacitySettings;
import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.metadata.PrimaryKey;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.metering.ItemCapacity;
import io.keyline.engine.metering.TableBinding;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Capacity admission plus accounting for one request as the engine runs it (issue 5's
 * "under 1 µs"): a PutItem's {@link ItemCapacity#admitWrite} and {@link ItemCapacity#written}
 * (item sizes, LSI/GSI diff, WriteCharge, token buckets, partition sizes), and a GetItem's
 * admit and charge, on a provisioned table of 1,000,000 units (1,333 partitions in the table and
 * in each GSI) with 0, 1 or 5 GSIs (ALL), over 4,096 keys of about 200 bytes, each with its own
 * value of every GSI key. Writes alternate between a new item and an overwrite with the same
 * attributes. A manual clock advances 4 µs per request, so nothing throttles and the admitted
 * path is timed.
 *
 * <p>{@code images=request} (the default) hands the capacity code the maps a PutItem hands it:
 * the new item a {@code LinkedHashMap} as the request decoder builds it, the old one a separate
 * map decoded from its stored bytes. {@code images=shared} is the form measured before branch
 * {@code capfast}: immutable {@code Map.copyOf} items, the old image the very instance of the new
 * one (so every per-image cache hits and the overwrite's diff is an identity check), which no
 * PutItem does.
 * {@link #admitAndAccountWrite} ignores the ConsumedCapacity, as PutItem does at its default
 * ReturnConsumedCapacity (NONE); {@link #admitAndAccountWriteIndexes} also renders it as
 * INDEXES asks.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ItemCapacityBenchmark {
    /** The clock's step per request at 4,096 keys: 250,000 requests a second, about 61 per key. */
    private static final long STEP_NANOS = 4_000;
    private static final int DEFAULT_KEYS = 4096;
    private static final String THROUGHPUT =
            "'ProvisionedThroughput':{'ReadCapacityUnits':1000000,'WriteCapacityUnits':1000000}";

    @Param({"0", "1", "5"})
    public int gsis;

    /**
     * Keys (a power of two). 4,096 items and their partitions do not stay in the CPU caches, as in
     * a busy server; 256 do (fewer requests a second, so each key's rate stays the same).
     */
    @Param({"4096"})
    public int keys;

    /** "request": the maps a PutItem passes; "shared": one immutable map as old and new image (before capfast). */
    @Param({"request"})
    public String images;

    private final ManualClock clock = new ManualClock();
    private Engine engine;
    private TableMetadata table;
    private ItemCapacity capacity;
    private PrimaryKey[] keyValues;
    private Duration step;
    private Map<String, AttributeValue>[] items;
    /** The stored image of items[k], as an overwrite finds it. */
    private Map<String, AttributeValue>[] stored;
    /** items[k] as stored bytes, for {@link Decoded}. */
    private byte[][] encoded;
    private int next;

    @Setup
    @SuppressWarnings("unchecked")
    public void setUp() {
        engine = new Engine(new MemoryStorage(), clock,
                Settings.defaults().withCapacity(CapacitySettings.defaults().withTableQuota(1e9, 1e9)));
        StringBuilder definitions = new StringBuilder("{'AttributeName':'p','AttributeType':'S'}");
        StringBuilder indexes = new StringBuilder();
        for (int g = 0; g < gsis; g++) {
            definitions.append(",{'AttributeName':'g").append(g).append("','AttributeType':'S'}");
            indexes.append(g == 0 ? "" : ",").append("{'IndexName':'by").append(g)
                    .append("','KeySchema':[{'AttributeName':'g").append(g).append("','KeyType':'HASH'}],")
                    .append("'Projection':{'ProjectionType':'ALL'},").append(THROUGHPUT).append('}');
        }
        new Operations(engine).dispatch("CreateTable", json("{'TableName':'bench','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[" + definitions + "]," + THROUGHPUT
                + (gsis == 0 ? "" : ",'GlobalSecondaryIndexes':[" + indexes + "]") + "}"));
        table = engine.catalog().get("bench");
        capacity = engine.itemCapacity();
        if (Integer.bitCount(keys) != 1) throw new IllegalArgumentException("keys: a power of two");
        step = Duration.ofNanos(STEP_NANOS * DEFAULT_KEYS / keys);
        keyValues = new PrimaryKey[keys];
        items = new Map[keys];
        stored = new Map[keys];
        encoded = new byte[keys][];
        boolean shared = images.equals("shared");
        if (!shared && !images.equals("request")) throw new IllegalArgumentException("images: request or shared");
        for (int i = 0; i < keys; i++) {
            keyValues[i] = new PrimaryKey(new AttributeValue.S("key-" + i), null);
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            item.put("p", keyValues[i].partition());
            for (int g = 0; g < gsis; g++) item.put("g" + g, new AttributeValue.S("g" + g + "-" + i));
            item.put("payload", new AttributeValue.S("x".repeat(200)));
            items[i] = shared ? Map.copyOf(item) : item;
            stored[i] = shared ? items[i] : ItemCodec.decode(ItemCodec.encode(item));
            encoded[i] = ItemCodec.encode(item);
        }
    }

    @Benchmark
    public ConsumedCapacity admitAndAccountWrite() {
        clock.advance(step);
        int i = next++;
        int k = i & (keys - 1);
        TableBinding b = engine.capacity().binding(table);
        Map<String, AttributeValue> old = (i & 1) == 0 ? null : stored[k];
        ConsumedCapacity consumed = capacity.admitWrite(b, keyValues[k], old, items[k], false);
        capacity.written(b, old, items[k]);
        return consumed;
    }

    /** As {@link #admitAndAccountWrite}, with ReturnConsumedCapacity INDEXES: the response's breakdown rendered. */
    @Benchmark
    public Map<String, Object> admitAndAccountWriteIndexes() {
        return ConsumedCapacityResponse.render(admitAndAccountWrite(), ReturnConsumedCapacity.INDEXES);
    }

    /**
     * The next write's items decoded afresh, outside the timed call, as a PutItem's are just
     * before it is priced (the request's item parsed, the stored one read): in the CPU's caches.
     * The prebuilt items of {@link #admitAndAccountWrite} are not (8,192 maps of about 1 KB in
     * turn). JMH times each call on its own here, which adds its timestamps to the score.
     */
    @State(Scope.Thread)
    public static class Decoded {
        PrimaryKey key;
        Map<String, AttributeValue> oldItem, newItem;

        @Setup(Level.Invocation)
        public void next(ItemCapacityBenchmark b) {
            int i = b.next++;
            int k = i & (b.keys - 1);
            newItem = ItemCodec.decode(b.encoded[k]);
            oldItem = (i & 1) == 0 ? null : ItemCodec.decode(b.encoded[k]);
            key = new PrimaryKey(newItem.get("p"), null);
        }
    }

    /** As {@link #admitAndAccountWrite}, on items decoded just before the call ({@link Decoded}). */
    @Benchmark
    public ConsumedCapacity admitAndAccountDecodedWrite(Decoded d) {
        clock.advance(step);
        TableBinding b = engine.capacity().binding(table);
        ConsumedCapacity consumed = capacity.admitWrite(b, d.key, d.oldItem, d.newItem, false);
        capacity.written(b, d.oldItem, d.newItem);
        return consumed;
    }

    @Benchmark
    public double admitAndChargeRead() {
        clock.advance(step);
        int k = next++ & (keys - 1);
        TableBinding b = engine.capacity().binding(table);
        capacity.admitRead(b, keyValues[k]);
        return capacity.chargeRead(b, keyValues[k], items[k], ReadConsistency.EVENTUAL).units();
    }

    private static JsonObject json(String text) {
        return JsonObject.of(Json.parse(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }
}
