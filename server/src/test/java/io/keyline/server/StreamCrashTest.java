package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash during heavy writes to a RocksDB table with a stream (docs/RULES.md#STREAM-ATOMIC): the
 * storage is closed under the writers. After a restart on the same directory the stream and the
 * table agree exactly: every item present is the NewImage of the last record of its key, every
 * key whose last record is a REMOVE is absent, and no key has a record it did not get; a write
 * after the restart continues the sequence numbers.
 */
class StreamCrashTest {
    @TempDir Path dataDir;

    private static final int WRITES_BEFORE_CRASH = 3_000;

    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    @Test void afterACrashAndARestartTheStreamMatchesTheTable() throws Exception {
        Storage storage = new RocksDbStorage(dataDir);
        Engine engine = new Engine(storage, SystemClock.INSTANCE, Settings.defaults());
        Operations ops = new Operations(engine);
        ops.dispatch("CreateTable", request("{'TableName':'crash','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}],"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_IMAGE'}}"));
        List<Thread> writers = new ArrayList<>();
        CountDownLatch written = new CountDownLatch(WRITES_BEFORE_CRASH);
        for (int w = 0; w < 4; w++) {
            int seed = w;
            Thread t = new Thread(() -> {
                Random r = new Random(seed);
                try {
                    while (true) {
                        int k = r.nextInt(500);
                        if (r.nextInt(4) == 0) {
                            ops.dispatch("DeleteItem", request("{'TableName':'crash','Key':{'p':{'S':'" + k + "'}}}"));
                        } else {
                            ops.dispatch("PutItem", request("{'TableName':'crash','Item':{'p':{'S':'" + k + "'},'v':{'N':'"
                                    + r.nextInt(1000) + "'}}}"));
                        }
                        written.countDown();
                    }
                } catch (StorageException | ApiException e) {
                    // the crash: storage went away under the writer
                }
            });
            t.start();
            writers.add(t);
        }
        assertThat(written.await(60, TimeUnit.SECONDS)).as("writes before the crash").isTrue();
        storage.close(); // abrupt: writers still running
        for (Thread t : writers) t.join();
        engine.indexes().close();

        try (Engine restarted = new Engine(new RocksDbStorage(dataDir), SystemClock.INSTANCE, Settings.defaults())) {
            Operations after = new Operations(restarted);
            Map<AttributeValue, Map<String, Object>> last = lastRecordByKey(after);
            Map<AttributeValue, Map<String, AttributeValue>> items = new HashMap<>();
            for (Object o : (List<?>) map(after.dispatch("Scan", request("{'TableName':'crash'}"))).get("Items")) {
                @SuppressWarnings("unchecked") Map<String, AttributeValue> item = (Map<String, AttributeValue>) o;
                items.put(item.get("p"), item);
            }
            assertThat(items).isNotEmpty();
            for (Map.Entry<AttributeValue, Map<String, Object>> e : last.entrySet()) {
                Map<String, Object> record = e.getValue();
                if (record.get("eventName").equals("REMOVE")) {
                    assertThat(items).as("removed %s", e.getKey()).doesNotContainKey(e.getKey());
                } else {
                    assertThat(map(record.get("dynamodb")).get("NewImage")).as("image of %s", e.getKey()).isEqualTo(items.get(e.getKey()));
                }
            }
            assertThat(last.keySet()).containsAll(items.keySet());
            BigInteger before = maxSequence(after);
            after.dispatch("PutItem", request("{'TableName':'crash','Item':{'p':{'S':'after'}}}"));
            assertThat(maxSequence(after)).isGreaterThan(before);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) { return (Map<String, Object>) o; }

    private static List<Map<String, Object>> records(Operations ops) {
        String arn = (String) map(((List<?>) map(ops.dispatch("ListStreams", request("{'TableName':'crash'}"))).get("Streams")).get(0))
                .get("StreamArn");
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object shard : (List<?>) map(map(ops.dispatch("DescribeStream", request("{'StreamArn':'" + arn + "'}"))).get("StreamDescription"))
                .get("Shards")) {
            String it = (String) map(ops.dispatch("GetShardIterator", request("{'StreamArn':'" + arn + "','ShardId':'" + map(shard).get("ShardId")
                    + "','ShardIteratorType':'TRIM_HORIZON'}"))).get("ShardIterator");
            while (it != null) {
                Map<String, Object> page = map(ops.dispatch("GetRecords", request("{'ShardIterator':'" + it + "'}")));
                List<?> got = (List<?>) page.get("Records");
                for (Object r : got) out.add(map(r));
                if (got.isEmpty()) break;
                it = (String) page.get("NextShardIterator");
            }
        }
        out.sort((a, b) -> sequence(a).compareTo(sequence(b)));
        return out;
    }

    private static BigInteger sequence(Map<String, Object> record) { return new BigInteger((String) map(record.get("dynamodb")).get("SequenceNumber")); }

    private static BigInteger maxSequence(Operations ops) {
        List<Map<String, Object>> all = records(ops);
        return sequence(all.get(all.size() - 1));
    }

    private static Map<AttributeValue, Map<String, Object>> lastRecordByKey(Operations ops) {
        Map<AttributeValue, Map<String, Object>> last = new HashMap<>();
        for (Map<String, Object> r : records(ops)) {
            @SuppressWarnings("unchecked") Map<String, AttributeValue> keys = (Map<String, AttributeValue>) map(r.get("dynamodb")).get("Keys");
            last.put(keys.get("p"), r);
        }
        return last;
    }
}
