package io.keyline.engine.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.TableMetadata;
import io.keyline.metrics.Datapoint;
import io.keyline.metrics.Metric;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import io.keyline.model.AttributeValue;
import io.keyline.testing.TestStorage;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The index services' metrics on the manual clock, exactly: GsiPropagationLag per GSI (each GSI's
 * own oldest unapplied change), ItemCollectionSize of a table with an LSI (its largest
 * collection), and a backfill's OnlineIndexPercentageProgress and OnlineIndexConsumedWriteCapacity.
 */
class IndexLevelsTest {
    /** A 10 s GSI lag: records wait until the test moves the clock and applies them. */
    private final IndexFixture f = new IndexFixture(Settings.defaults().withGsiLag(Duration.ofSeconds(10))
            .withCapacity(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT)), TestStorage.open(), new ManualClock());
    private final Metrics metrics = Metrics.attach(f.engine.namespace(), r -> new Namespace(f.engine.namespace().account(), r),
            f.engine.capacity().model(), f.clock, MetricsSettings.defaults(), 80_000, 80_000, e -> {});
    private final IndexLevels levels = new IndexLevels(f.engine.catalog(), f.engine.indexes(), f.clock);
    private final MetricsStore store = metrics.store();
    private final Namespace ns = f.engine.namespace();

    {
        metrics.sampleAlso(levels::sample);
    }

    @AfterEach void close() { f.close(); }

    private double last(String table, String index, Metric metric) { return store.last(SeriesKey.of(ns, table, index, metric)); }

    @Test void eachGsiHasTheLagOfItsOwnOldestUnappliedChange() {
        f.call("CreateTable", "{'TableName':'Two','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'a','AttributeType':'S'},"
                + "{'AttributeName':'b','AttributeType':'S'}],'GlobalSecondaryIndexes':["
                + "{'IndexName':'ByA','KeySchema':[{'AttributeName':'a','KeyType':'HASH'}],'Projection':{'ProjectionType':'KEYS_ONLY'}},"
                + "{'IndexName':'ByB','KeySchema':[{'AttributeName':'b','KeyType':'HASH'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
        metrics.sample();
        assertThat(last("Two", "ByA", Metric.GSI_PROPAGATION_LAG)).isZero();
        f.put("Two", "{'p':{'S':'1'},'a':{'S':'x'}}");             // a change for A only, at t0
        f.clock.advance(Duration.ofSeconds(2));
        f.put("Two", "{'p':{'S':'2'},'b':{'S':'y'}}");             // a change for B only, at t0 + 2 s
        f.clock.advance(Duration.ofSeconds(1));
        metrics.sample();
        assertThat(last("Two", "ByA", Metric.GSI_PROPAGATION_LAG)).isEqualTo(3_000);
        assertThat(last("Two", "ByB", Metric.GSI_PROPAGATION_LAG)).isEqualTo(1_000);

        f.clock.advance(Duration.ofSeconds(8));                  // t0 + 11 s: A's change is due, B's not yet
        f.engine.indexes().propagateDue();
        metrics.sample();
        assertThat(last("Two", "ByA", Metric.GSI_PROPAGATION_LAG)).isZero();
        assertThat(last("Two", "ByB", Metric.GSI_PROPAGATION_LAG)).isEqualTo(9_000);
        f.clock.advance(Duration.ofSeconds(1));
        f.engine.indexes().propagateDue();
        metrics.sample();
        assertThat(last("Two", "ByB", Metric.GSI_PROPAGATION_LAG)).isZero();
        assertThat(f.engine.indexes().changeLog().oldestUnapplied()).isEmpty();
    }

    @Test void aTableWithAnLsiReportsItsLargestItemCollection() {
        f.call("CreateTable", "{'TableName':'Lsi','BillingMode':'PAY_PER_REQUEST',"
                + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'s','KeyType':'RANGE'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'s','AttributeType':'S'},"
                + "{'AttributeName':'l','AttributeType':'S'}],'LocalSecondaryIndexes':[{'IndexName':'ByL','KeySchema':["
                + "{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'l','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]}");
        for (int i = 0; i < 3; i++) f.put("Lsi", "{'p':{'S':'big'},'s':{'S':'" + i + "'},'l':{'S':'v'},'pad':{'S':'" + "x".repeat(500) + "'}}");
        f.put("Lsi", "{'p':{'S':'small'},'s':{'S':'0'},'l':{'S':'v'}}");
        metrics.sample();
        TableMetadata table = f.engine.catalog().get(ns, "Lsi");
        long big = f.engine.indexes().collections().size(table, AttributeValue.s("big"));
        // three items of 511 bytes (names p, s, l, pad: 6; values big, 0, v and 500 x: 505), each twice
        // (the item and its LSI entry, projection ALL)
        assertThat(big).isEqualTo(3 * 2 * 511);
        assertThat(last("Lsi", null, Metric.ITEM_COLLECTION_SIZE)).isEqualTo(big);
        assertThat(f.engine.indexes().collections().largest(table.keyspaceId(), 2))
                .extracting(ItemCollections.Collection::partitionKey).containsExactly(AttributeValue.s("big"), AttributeValue.s("small"));
    }

    @Test void aBackfillReportsItsProgressAndTheUnitsItWrote() throws Exception {
        f.call("CreateTable", "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}");
        int items = 300;
        for (int i = 0; i < items; i++) {
            // every tenth item is 1,500 bytes: its ALL-projected entry costs 2 write units
            f.put("tbl", "{'p':{'S':'" + i + "'},'x':{'S':'v'}" + (i % 10 == 0 ? ",'pad':{'S':'" + "y".repeat(1_500) + "'}" : "") + "}");
        }
        AtomicReference<Double> afterFirstChunk = new AtomicReference<>();
        CountDownLatch scanned = new CountDownLatch(1);
        f.engine.indexes().backfill().observe(new Backfill.Observer() {
            @Override public void chunkIndexed() {
                if (afterFirstChunk.get() != null) return;
                metrics.sample();
                afterFirstChunk.set(last("tbl", "byX", Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS));
            }

            @Override public void scanned() { scanned.countDown(); }
        });
        f.call("UpdateTable", "{'TableName':'tbl','AttributeDefinitions':[{'AttributeName':'x','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byX','KeySchema':[{'AttributeName':'x','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}}]}");
        assertThat(scanned.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(afterFirstChunk.get()).isEqualTo(100.0 * Backfill.ITEMS_PER_CHUNK / items);
        metrics.sample();
        assertThat(last("tbl", "byX", Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS)).isEqualTo(100);
        assertThat(store.total(SeriesKey.of(ns, "tbl", "byX", Metric.ONLINE_INDEX_CONSUMED_WRITE_CAPACITY))).isEqualTo(items + items / 10);
        assertThat(store.total(SeriesKey.of(ns, "tbl", "byX", Metric.ONLINE_INDEX_THROTTLE_EVENTS))).isZero();
        f.clock.advance(Duration.ofSeconds(4));
        metrics.sample();
        assertThat(last("tbl", "byX", Metric.GSI_PROPAGATION_LAG)).as("the backfill's records wait for the GSI lag").isEqualTo(4_000);

        f.clock.advance(Duration.ofSeconds(6));
        f.engine.indexes().propagator().wake();
        assertThat(f.engine.indexes().awaitBackfills(Duration.ofSeconds(30))).isTrue();
        long samples = store.count(SeriesKey.of(ns, "tbl", "byX", Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS));
        metrics.sample();
        assertThat(store.count(SeriesKey.of(ns, "tbl", "byX", Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS)))
                .as("a finished backfill is reported once at 100%, then no more").isEqualTo(samples);
        List<Datapoint> points = store.statistics(SeriesKey.of(ns, "tbl", "byX", Metric.ONLINE_INDEX_CONSUMED_WRITE_CAPACITY), 60,
                0, f.clock.millis() + 60_000);
        assertThat(points.stream().mapToDouble(Datapoint::sum).sum()).isEqualTo(items + items / 10);
    }
}
