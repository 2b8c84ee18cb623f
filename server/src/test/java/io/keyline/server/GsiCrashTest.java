package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.metadata.IndexMetadata;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.index.IndexEntries;
import io.keyline.error.ApiException;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.rocksdb.RocksDbStorage;
import io.keyline.time.SystemClock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
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
 * A crash during heavy writes to a RocksDB table with GSIs: the storage is closed under the
 * writers, with GSI changes still waiting in the change log (a lag keeps a backlog). After a
 * restart on the same directory, once the propagator has caught up, every GSI holds exactly the
 * entries of the base items: nothing lost, nothing applied twice.
 */
class GsiCrashTest {
    @TempDir Path dataDir;

    private static final String TABLE = "{'TableName':'crash','BillingMode':'PAY_PER_REQUEST',"
            + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
            + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'},"
            + "{'AttributeName':'y','AttributeType':'N'}],'GlobalSecondaryIndexes':["
            + "{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}},"
            + "{'IndexName':'byXY','KeySchema':[{'AttributeName':'x','KeyType':'HASH'},{'AttributeName':'y','KeyType':'RANGE'}],"
            + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}";

    private static JsonObject request(String json) {
        return JsonObject.of(Json.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes (all writers together) before the storage is closed under them. */
    private static final int WRITES_BEFORE_CRASH = 4_000;

    @Test void afterACrashAndARestartEveryGsiMatchesTheBaseTable() throws Exception {
        Storage storage = new RocksDbStorage(dataDir);
        Engine engine = new Engine(storage, SystemClock.INSTANCE, Settings.defaults().withGsiLag(Duration.ofMillis(200)));
        Operations ops = new Operations(engine);
        ops.dispatch("CreateTable", request(TABLE));
        List<Thread> writers = new ArrayList<>();
        CountDownLatch written = new CountDownLatch(WRITES_BEFORE_CRASH);
        for (int w = 0; w < 4; w++) {
            int seed = w;
            Thread t = new Thread(() -> {
                Random r = new Random(seed);
                try {
                    while (true) {
                        int k = r.nextInt(2_000);
                        switch (r.nextInt(4)) {
                            case 0 -> ops.dispatch("DeleteItem", request("{'TableName':'crash','Key':{'p':{'S':'" + k + "'}}}"));
                            case 1 -> ops.dispatch("UpdateItem", request("{'TableName':'crash','Key':{'p':{'S':'" + k + "'}},"
                                    + "'UpdateExpression':'SET y = :y','ExpressionAttributeValues':{':y':{'N':'" + r.nextInt(50) + "'}}}"));
                            default -> ops.dispatch("PutItem", request("{'TableName':'crash','Item':{'p':{'S':'" + k + "'},"
                                    + "'x':{'S':'x" + r.nextInt(100) + "'}" + (r.nextBoolean() ? ",'y':{'N':'" + r.nextInt(50) + "'}" : "")
                                    + "}}"));
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
        // The window this test is about: GSI changes wait in the log (the lag holds them) at the crash.
        assertThat(engine.indexes().propagator().idle()).as("GSI changes pending at the crash").isFalse();
        storage.close(); // abrupt: no drain, writers still running
        for (Thread t : writers) t.join();
        engine.indexes().close();

        try (Engine restarted = new Engine(new RocksDbStorage(dataDir), SystemClock.INSTANCE, Settings.defaults())) {
            assertThat(restarted.indexes().propagator().awaitIdle(Duration.ofSeconds(30))).isTrue();
            TableMetadata table = restarted.catalog().get("crash");
            List<Map<String, io.keyline.model.AttributeValue>> items = read(restarted.storage(), KeyCodec.keyspaceRange(table.keyspaceId()));
            assertThat(items).isNotEmpty();
            for (IndexMetadata gsi : table.globalIndexes()) {
                Map<ByteBuffer, Map<String, io.keyline.model.AttributeValue>> expected = new HashMap<>();
                for (Map<String, io.keyline.model.AttributeValue> item : items) {
                    byte[] key = IndexEntries.storageKey(table, gsi, item);
                    if (key != null) expected.put(ByteBuffer.wrap(key), IndexEntries.project(table, gsi, item));
                }
                Map<ByteBuffer, Map<String, io.keyline.model.AttributeValue>> actual = new HashMap<>();
                KeyRange range = KeyCodec.keyspaceRange(gsi.keyspaceId());
                try (Cursor c = restarted.storage().range(range.start(), range.end(), false)) {
                    while (c.next()) actual.put(ByteBuffer.wrap(c.key()), ItemCodec.decode(c.value()));
                }
                assertThat(actual).as(gsi.name()).isEqualTo(expected);
                assertThat(restarted.catalog().statistics(gsi.keyspaceId()).itemCount()).isEqualTo(expected.size());
            }
        }
    }

    private static List<Map<String, io.keyline.model.AttributeValue>> read(Storage storage, KeyRange range) {
        List<Map<String, io.keyline.model.AttributeValue>> out = new ArrayList<>();
        try (Cursor c = storage.range(range.start(), range.end(), false)) {
            while (c.next()) out.add(ItemCodec.decode(c.value()));
        }
        return out;
    }
}
