package io.keyline.bench.engine;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.api.KeyRange;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Cursor;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import io.keyline.time.ManualClock;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Shows how Query latency depends on table size: a 10-item Query (one partition of 10 items,
 * KeyConditionExpression) on a table of 1,000 items and on one of 1,000,000, both on in-memory
 * storage in the same JVM, measured alternately. It times the whole request (JSON bytes in,
 * JSON bytes out, no network), its dispatch alone, and a bare storage seek into a partition,
 * and prints medians, means and ratios. A harness, not a test (the suite does not run it):
 * <pre>
 * mvn -o -q -pl core test-compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
 * java -Xmx3g -cp core/target/classes:core/target/test-classes:$(cat core/target/classpath.txt) \
 *     io.keyline.engine.query.QueryScalingBenchmark
 * </pre>
 * Single-threaded; seeded randomness; time from {@link SystemClock}.
 */
public final class QueryScalingBenchmark {
    private static final int ITEMS_PER_PARTITION = 10;
    private static final int WARM_UP_ROUNDS = 4;
    private static final int ROUNDS = 20;
    private static final Clock CLOCK = SystemClock.INSTANCE;
    private static final int QUERIES_PER_ROUND = 5_000;

    private QueryScalingBenchmark() {}

    public static void main(String[] args) {
        Table small = Table.create(1_000);
        Table large = Table.create(1_000_000);
        Random random = new Random(42);
        for (int i = 0; i < WARM_UP_ROUNDS; i++) {
            small.run(random, QUERIES_PER_ROUND);
            large.run(random, QUERIES_PER_ROUND);
        }
        Timings smallTimes = new Timings(ROUNDS * QUERIES_PER_ROUND);
        Timings largeTimes = new Timings(ROUNDS * QUERIES_PER_ROUND);
        for (int round = 0; round < ROUNDS; round++) {
            smallTimes.add(round * QUERIES_PER_ROUND, small.run(random, QUERIES_PER_ROUND));
            largeTimes.add(round * QUERIES_PER_ROUND, large.run(random, QUERIES_PER_ROUND));
        }
        System.out.println("request = JSON request bytes parsed, Query dispatched, response written as JSON bytes");
        System.out.println("dispatch = Operations.dispatch(\"Query\", parsed request) alone");
        System.out.println("seek = the storage cursor opened on the partition and moved to its first item");
        report("1,000 items", smallTimes);
        report("1,000,000 items", largeTimes);
        System.out.printf("ratio 1,000,000 / 1,000: request median %.2f, mean %.2f; dispatch median %.2f, mean %.2f; seek median %.2f%n",
                (double) median(largeTimes.request) / median(smallTimes.request), mean(largeTimes.request) / mean(smallTimes.request),
                (double) median(largeTimes.dispatch) / median(smallTimes.dispatch), mean(largeTimes.dispatch) / mean(smallTimes.dispatch),
                (double) median(largeTimes.seek) / median(smallTimes.seek));
    }

    /** Per-query latencies of whole requests and of their dispatch part. */
    private static final class Timings {
        final long[] request;
        final long[] dispatch;
        final long[] seek;

        Timings(int n) {
            request = new long[n];
            dispatch = new long[n];
            seek = new long[n];
        }

        void add(int offset, Timings run) {
            System.arraycopy(run.request, 0, request, offset, run.request.length);
            System.arraycopy(run.dispatch, 0, dispatch, offset, run.dispatch.length);
            System.arraycopy(run.seek, 0, seek, offset, run.seek.length);
        }
    }

    private static void report(String name, Timings t) {
        System.out.printf("%-16s 10-item Query: request median %,d ns, mean %,.0f ns, p99 %,d ns; dispatch median %,d ns, mean %,.0f ns; seek median %,d ns (%d queries)%n",
                name, median(t.request), mean(t.request), percentile(t.request, 0.99), median(t.dispatch), mean(t.dispatch), median(t.seek), t.request.length);
    }

    private static long median(long[] nanos) { return percentile(nanos, 0.5); }

    private static long percentile(long[] nanos, double p) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))];
    }

    private static double mean(long[] nanos) {
        double sum = 0;
        for (long n : nanos) sum += n;
        return sum / nanos.length;
    }

    /** One engine with one table of {@code items} items in partitions of ten. */
    private static final class Table {
        final Operations operations;
        final Engine engine;
        final long keyspaceId;
        final int partitions;

        private Table(Operations operations, Engine engine, long keyspaceId, int partitions) {
            this.engine = engine;
            this.keyspaceId = keyspaceId;
            this.operations = operations;
            this.partitions = partitions;
        }

        static Table create(int items) {
            Engine engine = new Engine(new MemoryStorage(), new ManualClock(), Settings.defaults());
            Operations operations = new Operations(engine);
            operations.dispatch("CreateTable", request("{'TableName':'bench','BillingMode':'PAY_PER_REQUEST',"
                    + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'c','AttributeType':'N'}]}"));
            TableMetadata table = engine.catalog().get("bench");
            int partitions = items / ITEMS_PER_PARTITION;
            WriteBatch batch = new WriteBatch();
            int pending = 0;
            for (int p = 0; p < partitions; p++) {
                for (int c = 0; c < ITEMS_PER_PARTITION; c++) {
                    Map<String, AttributeValue> item = new LinkedHashMap<>();
                    item.put("p", new AttributeValue.S("user-" + p));
                    item.put("c", new AttributeValue.N(BigDecimal.valueOf(c)));
                    item.put("payload", new AttributeValue.S("some 32 bytes of attribute value"));
                    batch.put(KeyCodec.itemKey(table.keyspaceId(), item.get("p"), item.get("c")), ItemCodec.encode(item));
                    if (++pending == 10_000) {
                        engine.storage().write(batch);
                        batch = new WriteBatch();
                        pending = 0;
                    }
                }
            }
            if (pending > 0) engine.storage().write(batch);
            return new Table(operations, engine, table.keyspaceId(), partitions);
        }

        /** Runs {@code queries} Queries on random partitions, timing each whole request and its dispatch. */
        Timings run(Random random, int queries) {
            Timings t = new Timings(queries);
            for (int i = 0; i < queries; i++) {
                int partition = random.nextInt(partitions);
                // The seek probe reads another partition, so it does not warm the query's path.
                KeyRange range = KeyCodec.partitionRange(keyspaceId, new AttributeValue.S("user-" + random.nextInt(partitions)));
                long seekStart = CLOCK.nanos();
                try (Cursor cursor = engine.storage().range(range.start(), range.end(), false)) {
                    if (!cursor.next()) throw new IllegalStateException("empty partition");
                }
                t.seek[i] = CLOCK.nanos() - seekStart;
                byte[] body = ("{\"TableName\":\"bench\",\"KeyConditionExpression\":\"p = :p\","
                        + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"user-" + partition + "\"}}}")
                        .getBytes(StandardCharsets.UTF_8);
                long start = CLOCK.nanos();
                JsonObject query = JsonObject.of(Json.parse(body));
                long dispatchStart = CLOCK.nanos();
                @SuppressWarnings("unchecked")
                Map<String, Object> response = (Map<String, Object>) operations.dispatch("Query", query);
                long dispatchEnd = CLOCK.nanos();
                byte[] written = Json.write(response);
                long end = CLOCK.nanos();
                t.request[i] = end - start;
                t.dispatch[i] = dispatchEnd - dispatchStart;
                if (!Integer.valueOf(ITEMS_PER_PARTITION).equals(response.get("Count")) || written.length == 0) {
                    throw new IllegalStateException("expected " + ITEMS_PER_PARTITION + " items, got " + response.get("Count"));
                }
            }
            return t;
        }
    }

    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }
}
