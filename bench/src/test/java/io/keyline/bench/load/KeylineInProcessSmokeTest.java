package io.keyline.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.bench.target.TableSetup;
import io.keyline.bench.workload.DataLayout;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;
import io.keyline.bench.workload.RequestSet;
import io.keyline.bench.workload.WireRequests;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.server.KeylineServer;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;
import java.time.Duration;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** The harness against a real, in-process Keyline (memory storage): tables load, item operations run without errors. */
class KeylineInProcessSmokeTest {
    private static final DataLayout LAYOUT = new DataLayout(200, 50, 2, 3);

    @Test
    void rawClientRunsItemOperationsAgainstKeyline() throws Exception {
        // The bench table is provisioned above the default per-table quota, as `bench/run.sh` starts Keyline.
        long quota = 2 * io.keyline.bench.target.TableSetup.PROVISIONED_UNITS;
        Settings settings = Settings.defaults()
                .withCapacity(Settings.defaults().capacity().withTableQuota(quota, quota));
        Engine engine = new Engine(new MemoryStorage(), SystemClock.INSTANCE, settings);
        try (KeylineServer server = new KeylineServer(new Operations(engine))) {
            int port = server.start("127.0.0.1", 0);
            try (DynamoDbAsyncClient setup = SdkTransport.client("127.0.0.1", port, 4, RetryMode.STANDARD, true)) {
                new TableSetup(setup, SystemClock.INSTANCE).createAndLoad(LAYOUT);
            }
            try (RawHttpTransport raw = new RawHttpTransport("127.0.0.1", port, 2)) {
                for (Op op : new Op[] {Op.PUT, Op.GET, Op.UPDATE}) {
                    RequestSet<byte[]> requests = RequestSet.build(op, LAYOUT, KeyDistribution.Kind.UNIFORM, 1, (o, i) -> RawRequests.encode(
                            "127.0.0.1", port, o.label(), WireRequests.body(o, LAYOUT, i), SystemClock.INSTANCE.now().atZone(ZoneOffset.UTC)));
                    LoadResult r = new LoadDriver(SystemClock.INSTANCE, raw, requests,
                            LoadSpec.closed(2, Duration.ofMillis(100), Duration.ofMillis(300)), -1).run();
                    assertThat(r.requests()).as(op.name()).isPositive();
                    assertThat(r.errors()).as(op.name() + ": " + r.firstError()).isZero();
                }
            }
        } finally {
            engine.close();
        }
    }
}
