package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.op.Operations;
import io.keyline.server.testing.RawHttp;
import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageHealth;
import io.keyline.storage.StorageUnavailableException;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a client, a load balancer and Prometheus see while storage is down and recovering
 * (docs/RULES.md#STORAGE-RECOVERY): API calls get DynamoDB's retryable ServiceUnavailable (503)
 * in DynamoDB's JSON, the health check answers 503 with the reason, {@code keyline_storage_serving}
 * is 0; once storage is back, all three say so.
 */
class StorageRecoveryOverHttpTest {
    /** Memory storage that can be switched down, as RocksDbStorage is while it reopens. */
    private static final class SwitchableStorage implements Storage {
        private final MemoryStorage inner = new MemoryStorage();
        private volatile boolean down;
        private volatile long recoveries;

        private void check() {
            if (down) throw new StorageUnavailableException("test storage is down");
        }

        @Override public byte[] get(byte[] key) { check(); return inner.get(key); }
        @Override public List<byte[]> multiGet(List<byte[]> keys) { check(); return inner.multiGet(keys); }
        @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { check(); return inner.range(from, to, reverse); }
        @Override public void write(WriteBatch batch) { check(); inner.write(batch); }
        @Override public Snapshot snapshot() { check(); return inner.snapshot(); }
        @Override public String describe() { return "switchable memory"; }
        @Override public void close() { inner.close(); }

        @Override public StorageHealth health() {
            return down ? new StorageHealth(false, "log file: Too many open files", recoveries) : new StorageHealth(true, null, recoveries);
        }
    }

    @Test void whileStorageIsDownRequestsAreRetryableAndTheHealthCheckSaysSo() throws Exception {
        SwitchableStorage storage = new SwitchableStorage();
        Engine engine = new Engine(storage, SystemClock.INSTANCE, Settings.defaults());
        Metrics metrics = EngineMetrics.attach(engine, SystemClock.INSTANCE, MetricsSettings.defaults());
        KeylineServer server = new KeylineServer(new Operations(engine), ServerOptions.defaults(), SystemClock.INSTANCE,
                AdminRoutes.of(engine, metrics), metrics);
        try (engine; server) {
            URI endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
            try (RawHttp http = RawHttp.connect(endpoint)) {
                assertThat(http.call("CreateTable", "{\"TableName\":\"tbl\",\"BillingMode\":\"PAY_PER_REQUEST\","
                        + "\"KeySchema\":[{\"AttributeName\":\"p\",\"KeyType\":\"HASH\"}],"
                        + "\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"}]}").status()).isEqualTo(200);
                String put = "{\"TableName\":\"tbl\",\"Item\":{\"p\":{\"S\":\"a\"}}}";
                RawHttp.Response first = http.call("PutItem", put);
                assertThat(first.status()).as(text(first)).isEqualTo(200);
                assertThat(http.send("GET", "/", Map.of(), new byte[0]).status()).isEqualTo(200);
                assertThat(text(http.send("GET", "/metrics", Map.of(), new byte[0]))).contains("keyline_storage_serving 1.0");

                storage.down = true;
                RawHttp.Response refused = http.call("PutItem", put);
                assertThat(refused.status()).isEqualTo(503);
                assertThat(text(refused)).isEqualTo("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ServiceUnavailable\","
                        + "\"message\":\"" + RequestLimits.STORAGE_UNAVAILABLE_MESSAGE + "\"}");
                assertThat(http.call("GetItem", "{\"TableName\":\"tbl\",\"Key\":{\"p\":{\"S\":\"a\"}}}").status()).isEqualTo(503);
                RawHttp.Response health = http.send("GET", "/", Map.of(), new byte[0]);
                assertThat(health.status()).isEqualTo(503);
                assertThat(text(health)).startsWith("unhealthy").contains("Too many open files");
                assertThat(text(http.send("GET", "/metrics", Map.of(), new byte[0]))).contains("keyline_storage_serving 0.0");

                storage.recoveries = 1;
                storage.down = false;
                assertThat(http.call("PutItem", put).status()).isEqualTo(200);
                assertThat(http.send("GET", "/", Map.of(), new byte[0]).status()).isEqualTo(200);
                assertThat(text(http.send("GET", "/metrics", Map.of(), new byte[0])))
                        .contains("keyline_storage_serving 1.0").contains("keyline_storage_recoveries_total 1.0");
            }
        }
    }

    private static String text(RawHttp.Response r) { return new String(r.body(), StandardCharsets.UTF_8); }
}
