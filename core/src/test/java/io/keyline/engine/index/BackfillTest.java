package io.keyline.engine.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.error.ApiException;
import io.keyline.model.AttributeValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Online GSI creation: existing items are indexed while writes go on; none missed, none stale. */
class BackfillTest {
    private static final String ADD_GSI = "{'TableName':'tbl','AttributeDefinitions':[{'AttributeName':'x','AttributeType':'S'}],"
            + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'ALL'}}}]}";

    /** Writes that must commit between the scan's first chunk and the rest of the scan. */
    private static final int WRITES_DURING_SCAN = 500;

    @Test void aNewGsiIndexesEveryItemWrittenBeforeAndDuringTheBackfill() throws Exception {
        // a GSI lag on the manual clock holds the backfill CREATING until the test moves the clock;
        // capacity is only measured: 20,000 writes at one instant would meet the partitions' ceilings
        try (IndexFixture f = new IndexFixture(io.keyline.engine.config.Settings.defaults().withGsiLag(java.time.Duration.ofSeconds(1))
                .withCapacity(io.keyline.capacity.CapacitySettings.defaults().withMode(io.keyline.capacity.CapacityMode.ACCOUNT)),
                io.keyline.testing.TestStorage.open(), new io.keyline.time.ManualClock())) {
            f.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
            for (int i = 0; i < 20_000; i++) {
                f.put("tbl", "{'p':{'S':'" + i + "'}," + (i % 10 == 0 ? "'x':{'N':'1'}" : "'x':{'S':'v" + i + "'}") + "}");
            }
            // The scan is held open after its first chunk until the writer has written WRITES_DURING_SCAN
            // times: every one of those writes lands in the middle of the scan, which this proves.
            CountDownLatch scanStarted = new CountDownLatch(1);
            CountDownLatch writesDuringScan = new CountDownLatch(WRITES_DURING_SCAN);
            CountDownLatch scanned = new CountDownLatch(1);
            AtomicInteger writesBeforeScanEnd = new AtomicInteger();
            f.engine.indexes().backfill().observe(new Backfill.Observer() {
                @Override public void chunkIndexed() {
                    if (scanStarted.getCount() == 0) return;
                    scanStarted.countDown();
                    await(writesDuringScan);
                }

                @Override public void scanned() { scanned.countDown(); }
            });
            AtomicBoolean stop = new AtomicBoolean();
            List<Throwable> failures = new ArrayList<>();
            Thread writer = new Thread(() -> {
                Random random = new Random(42);
                try {
                    while (!stop.get()) {
                        int k = random.nextInt(25_000);
                        switch (random.nextInt(3)) {
                            case 0 -> f.put("tbl", "{'p':{'S':'" + k + "'},'x':{'S':'w" + random.nextInt(1000) + "'}}");
                            case 1 -> f.call("DeleteItem", "{'TableName':'tbl','Key':{'p':{'S':'" + k + "'}}}");
                            default -> f.put("tbl", "{'p':{'S':'" + k + "'},'y':{'S':'no x'}}");
                        }
                        if (scanStarted.getCount() == 0) writesDuringScan.countDown();
                        if (scanned.getCount() > 0) writesBeforeScanEnd.incrementAndGet();
                    }
                } catch (ApiException e) {
                    if (!e.getMessage().contains("Type mismatch")) failures.add(e);
                } catch (Throwable t) {
                    failures.add(t);
                }
            });
            writer.start();
            Map<String, Object> response = f.call("UpdateTable", ADD_GSI);
            assertThat(response.toString()).contains("IndexStatus=CREATING");
            assertThat(f.table("tbl").index("byX").status()).isEqualTo(TableStatus.CREATING);
            ApiException busy = f.fail("DeleteTable", "{'TableName':'tbl'}");
            assertThat(busy.name()).isEqualTo("ResourceInUseException");
            assertThat(scanStarted.await(60, TimeUnit.SECONDS)).as("the scan started").isTrue();
            assertThat(f.describeIndex("tbl", "byX").get("Backfilling")).isEqualTo(Boolean.TRUE);
            assertThat(writesDuringScan.await(60, TimeUnit.SECONDS)).as("writes during the scan").isTrue();
            assertThat(scanned.await(60, TimeUnit.SECONDS)).as("the scan ended").isTrue();
            assertThat(writesBeforeScanEnd.get()).isGreaterThanOrEqualTo(WRITES_DURING_SCAN);
            // Every record below the scan's end sequence took its commit time before this: past the lag, all are due.
            f.clock.advance(java.time.Duration.ofSeconds(2));
            f.engine.indexes().propagator().wake();
            assertThat(f.engine.indexes().awaitBackfills(java.time.Duration.ofSeconds(60))).as("the backfill ended").isTrue();
            stop.set(true);
            writer.join();
            f.clock.advance(java.time.Duration.ofSeconds(2));
            assertThat(failures).isEmpty();
            assertThat(f.table("tbl").index("byX").status()).isEqualTo(TableStatus.ACTIVE);
            f.propagate();
            assertThat(asMap(f.entries("tbl", "byX"))).isEqualTo(asMap(f.items("tbl").stream()
                    .filter(i -> i.get("x") instanceof AttributeValue.S).toList()));
            IndexMetadata gsi = f.table("tbl").index("byX");
            assertThat(f.engine.catalog().statistics(gsi.keyspaceId()).itemCount()).isEqualTo(f.entries("tbl", "byX").size());
            assertThat(f.describeIndex("tbl", "byX")).doesNotContainKey("Backfilling");
            ApiException mismatch = f.fail("PutItem", "{'TableName':'tbl','Item':{'p':{'S':'new'},'x':{'N':'3'}}}");
            assertThat(mismatch.getMessage()).contains("Type mismatch");
        }
    }

    @Test void deletingAnIndexRemovesItsData() {
        try (IndexFixture f = new IndexFixture()) {
            f.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                    + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                    + "'GlobalSecondaryIndexes':[{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                    + "'Projection':{'ProjectionType':'ALL'}}]}");
            for (int i = 0; i < 100; i++) f.put("tbl", "{'p':{'S':'" + i + "'},'x':{'S':'v'}}");
            f.propagate();
            long keyspace = f.table("tbl").index("byX").keyspaceId();
            f.call("UpdateTable", "{'TableName':'tbl','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byX'}}]}");
            f.put("tbl", "{'p':{'S':'late'},'x':{'S':'v'}}");
            f.propagate();
            var range = io.keyline.engine.codec.KeyCodec.keyspaceRange(keyspace);
            try (var c = f.storage.range(range.start(), range.end(), false)) {
                assertThat(c.next()).isFalse();
            }
            assertThat(f.engine.indexes().propagator().idle()).isTrue();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) throw new AssertionError("timed out waiting in the backfill");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<AttributeValue, Map<String, AttributeValue>> asMap(List<Map<String, AttributeValue>> items) {
        Map<AttributeValue, Map<String, AttributeValue>> m = new HashMap<>();
        for (Map<String, AttributeValue> i : items) m.put(i.get("p"), i);
        return m;
    }
}
