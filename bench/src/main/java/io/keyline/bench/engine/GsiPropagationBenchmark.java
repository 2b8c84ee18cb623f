package io.keyline.bench.engine;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * GSI propagation on RocksDB with a long history (a main, not a test): one engine on a fresh
 * RocksDB directory, system clock, no GSI lag (each PutItem waits until the propagator has
 * applied its change record, as writers do by default, so the rate is that of propagation), a
 * table with one ALL-projected GSI. One thread writes {@code history} items in ten slices and
 * reports each slice's puts/s, the clock stopping when the change log is empty: a drain whose
 * cost grows with the records applied before shows as a rate that falls slice after slice.
 * A run of a tenth of the size on another directory warms the JIT first, unreported. Argument:
 * history (default 20000). See docs/BENCHMARKS.md, "GSI propagation on RocksDB".
 */
public final class GsiPropagationBenchmark {
    private static final int SLICES = 10;

    private GsiPropagationBenchmark() {}

    public static void main(String[] args) throws Exception {
        int history = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        run(history / SLICES, false);
        run(history, true);
    }

    private static void run(int history, boolean report) throws Exception {
        Path dir = Files.createTempDirectory("keyline-gsi-propagation-");
        try (Engine engine = new Engine(new RocksDbStorage(dir), SystemClock.INSTANCE, Settings.defaults())) {
            Operations ops = new Operations(engine);
            ops.dispatch("CreateTable", request("{'TableName':'bench','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}"));
            int perSlice = history / SLICES;
            long total = 0;
            for (int s = 0; s < SLICES; s++) {
                JsonObject[] requests = new JsonObject[perSlice];
                for (int i = 0; i < perSlice; i++) requests[i] = request(item(s * perSlice + i));
                long start = System.nanoTime();
                for (JsonObject r : requests) ops.dispatch("PutItem", r);
                if (!engine.indexes().propagator().awaitIdle(Duration.ofMinutes(10))) throw new IllegalStateException("GSI changes still pending");
                long nanos = System.nanoTime() - start;
                total += nanos;
                if (report) {
                    System.out.printf(Locale.ROOT, "slice %2d: history %,9d applied before it, %,d puts in %.2f s = %,8.0f puts/s%n",
                            s + 1, s * perSlice, perSlice, nanos / 1e9, perSlice / (nanos / 1e9));
                }
            }
            if (report) {
                System.out.printf(Locale.ROOT, "all: %,d puts with GSI propagation in %.2f s = %,.0f puts/s%n",
                        perSlice * SLICES, total / 1e9, perSlice * SLICES / (total / 1e9));
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            } catch (IOException e) {
                System.err.println("could not remove " + dir + ": " + e);
            }
        }
    }

    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    /** An item of about 200 bytes; the GSI key takes 1,000 values, as a day or status key would take few. */
    private static String item(int i) {
        return "{'TableName':'bench','Item':{'p':{'S':'k" + i + "'},'g':{'S':'v" + i % 1000 + "'},'payload':{'S':'"
                + "x".repeat(150) + "'}}}";
    }
}
