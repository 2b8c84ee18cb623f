package io.keyline.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.capacity.ThrottleExplanation;
import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.error.ApiException;
import io.keyline.op.Operations;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.testing.OperationCalls;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A scripted workload on the manual clock, through the operations: the metrics must equal the
 * capacity model's own counters exactly (consumed units of the table and of its GSI, throttle
 * events by reason), the periods must add up, and throttles must be explained once a second.
 */
class MetricsTest {
    /** The namespace the metrics of a model attached without one are kept in. */
    private static final io.keyline.metadata.Namespace NS = Metrics.LOCAL;
    private final ManualClock clock = new ManualClock();
    private final Engine engine = new Engine(new MemoryStorage(), clock, Settings.defaults());
    private final Operations operations = new Operations(engine);
    private final List<ThrottleExplanation> log = new ArrayList<>();
    private final Metrics metrics = Metrics.attach(engine.capacity().model(), clock, MetricsSettings.defaults(),
            80_000, 80_000, log::add);

    @AfterEach void close() { engine.close(); }

    private Map<String, Object> call(String op, String json) { return OperationCalls.call(operations, op, json); }

    /** A 5-WCU table whose 1-WCU GSI keys every item on one day: the GSI throttles the table's writes. */
    private void createDayKeyed() {
        call("CreateTable", "{'TableName':'Orders','BillingMode':'PROVISIONED',"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
                + "'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'},{'AttributeName':'day','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'ByDay','KeySchema':[{'AttributeName':'day','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'},"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}]}");
    }

    private int putMany(int n, int from) {
        int throttled = 0;
        for (int i = from; i < from + n; i++) {
            try {
                call("PutItem", "{'TableName':'Orders','Item':{'id':{'S':'o" + i + "'},'day':{'S':'2026-01-01'}}}");
            } catch (ApiException e) {
                assertThat(Engine.isThrottling(e)).as(e.toString()).isTrue();
                throttled++;
            }
            clock.advance(Duration.ofMillis(100));
        }
        return throttled;
    }

    @Test void metricsEqualTheCapacityModelAfterAScriptedWorkload() {
        createDayKeyed();
        int throttled = putMany(400, 0);
        assertThat(throttled).as("the 1-WCU GSI's burst runs out").isPositive();
        for (int i = 0; i < 50; i++) {
            try {
                call("GetItem", "{'TableName':'Orders','Key':{'id':{'S':'o" + i + "'}},'ConsistentRead':true}");
            } catch (ApiException e) {
                assertThat(Engine.isThrottling(e)).isTrue();
            }
        }
        call("Scan", "{'TableName':'Orders'}");

        CapacitySnapshot.TableSnapshot t = engine.capacity().snapshot().tables().get(0);
        CapacitySnapshot.MapSnapshot gsi = t.globalSecondaryIndexes().get(0);
        MetricsStore store = metrics.store();
        assertThat(store.total(SeriesKey.of(NS, "Orders", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS))).isEqualTo(t.table().consumedWrite());
        assertThat(store.total(SeriesKey.of(NS, "Orders", null, Metric.CONSUMED_READ_CAPACITY_UNITS))).isEqualTo(t.table().consumedRead());
        assertThat(store.total(SeriesKey.of(NS, "Orders", "ByDay", Metric.CONSUMED_WRITE_CAPACITY_UNITS))).isEqualTo(gsi.consumedWrite());
        assertThat(gsi.consumedWrite()).isPositive();
        long gsiThrottles = gsi.throttles().values().stream().mapToLong(Long::longValue).sum();
        assertThat(store.total(SeriesKey.of(NS, "Orders", "ByDay", Metric.WRITE_THROTTLE_EVENTS))).isEqualTo(gsiThrottles);
        assertThat(gsi.throttles()).containsOnlyKeys("IndexWriteProvisionedThroughputExceeded");
        assertThat(store.total(SeriesKey.of(NS, "Orders", "ByDay", Metric.WRITE_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS)))
                .isEqualTo(gsiThrottles);
        assertThat(store.total(SeriesKey.of(NS, "Orders", null, Metric.WRITE_THROTTLE_EVENTS)))
                .isEqualTo(t.table().throttles().values().stream().mapToLong(Long::longValue).sum());
        assertThat(gsiThrottles).isEqualTo(throttled);

        // The one-minute data points of the whole run add up to the same totals.
        long from = clock.millis() - Duration.ofHours(1).toMillis(), to = clock.millis() + 1;
        double perMinute = store.statistics(SeriesKey.of(NS, "Orders", "ByDay", Metric.CONSUMED_WRITE_CAPACITY_UNITS), 60, from, to)
                .stream().mapToDouble(Datapoint::sum).sum();
        assertThat(perMinute).isEqualTo(gsi.consumedWrite());
        List<Datapoint> fiveMinutes = store.statistics(SeriesKey.of(NS, "Orders", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS), 300, from, to);
        assertThat(fiveMinutes.stream().mapToDouble(Datapoint::sum).sum()).isEqualTo(t.table().consumedWrite());
        assertThat(fiveMinutes).allSatisfy(d -> assertThat(d.timestampMillis() % 300_000).isZero());
    }

    @Test void throttlesAreExplainedOnceASecondAndTheFirstOfASmallTableAdvisesAccountMode() {
        createDayKeyed();
        int throttled = putMany(400, 0);
        assertThat(log).isNotEmpty().hasSizeLessThanOrEqualTo(throttled);
        ThrottleExplanation first = log.get(0);
        assertThat(first.tableName()).isEqualTo("Orders");
        assertThat(first.indexName()).isEqualTo("ByDay");
        assertThat(first.write()).isTrue();
        assertThat(first.reason().wire()).isEqualTo("IndexWriteProvisionedThroughputExceeded");
        assertThat(first.resourceAvailable()).isEqualTo(1.0);
        assertThat(first.text()).contains("GSI ByDay of table Orders", "back-pressure", "partition 1 of 1",
                "IndexWriteProvisionedThroughputExceeded", "--capacity account", "the base table used");
        assertThat(first.baseTableAvailable()).isEqualTo(5.0);
        assertThat(log.subList(1, log.size())).noneMatch(e -> e.text().contains("--capacity account"));
        // 400 puts 100 ms apart: throttles over about 10 s, at most one explanation a second.
        assertThat(log.size()).isLessThanOrEqualTo(12);
        assertThat(metrics.throttles().latest()).containsKey("Orders/index/ByDay");
    }

    @Test void inAccountModeThrottlesThatWouldHaveHappenedAreCountedAndExplainedAsSuch() {
        ManualClock c = new ManualClock();
        Settings account = Settings.defaults().withCapacity(Settings.defaultCapacity().withMode(io.keyline.capacity.CapacityMode.ACCOUNT));
        try (Engine e = new Engine(new MemoryStorage(), c, account)) {
            List<ThrottleExplanation> lines = new ArrayList<>();
            Metrics m = Metrics.attach(e.capacity().model(), c, MetricsSettings.defaults(), 80_000, 80_000, lines::add);
            Operations ops = new Operations(e);
            OperationCalls.call(ops, "CreateTable", "{'TableName':'Small','BillingMode':'PROVISIONED',"
                    + "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1},"
                    + "'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'}],"
                    + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}]}");
            for (int i = 0; i < 400; i++) {
                OperationCalls.call(ops, "PutItem", "{'TableName':'Small','Item':{'id':{'S':'k" + i + "'}}}");
            }
            assertThat(m.store().total(SeriesKey.of(NS, "Small", null, Metric.WRITE_THROTTLE_EVENTS))).isPositive();
            assertThat(m.store().total(SeriesKey.of(NS, "Small", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS))).isEqualTo(400);
            assertThat(lines).isNotEmpty().allSatisfy(x -> {
                assertThat(x.refused()).isFalse();
                assertThat(x.text()).startsWith("would have throttled (--capacity account) write on table Small")
                        .doesNotContain("run Keyline with --capacity account");
            });
        }
    }

    @Test void requestsAreCountedAsDynamoDbCountsThem() {
        RequestMetrics r = metrics.requests();
        r.finished("PutItem", List.of("T"), 2_000_000, -1, null, 200);
        r.finished("PutItem", List.of("T"), 4_000_000, -1, null, 200);
        r.finished("Query", List.of("T"), 1_000_000, 7, null, 200);
        r.finished("PutItem", List.of("T"), 1, -1, "ConditionalCheckFailedException", 400);
        r.finished("PutItem", List.of("T"), 1, -1, "ProvisionedThroughputExceededException", 400);
        r.finished("PutItem", List.of("T"), 1, -1, "ValidationException", 400);
        r.finished("GetItem", List.of("T"), 1, -1, "InternalServerError", 500);
        MetricsStore s = metrics.store();
        List<Datapoint> latency = s.statistics(SeriesKey.operation(NS, "T", Metric.SUCCESSFUL_REQUEST_LATENCY, "PutItem"), 60,
                0, clock.millis() + 1);
        assertThat(latency).hasSize(1);
        assertThat(latency.get(0).average()).isEqualTo(3.0);
        assertThat(latency.get(0).minimum()).isEqualTo(2.0);
        assertThat(latency.get(0).maximum()).isEqualTo(4.0);
        assertThat(latency.get(0).unit()).isEqualTo(Unit.MILLISECONDS);
        assertThat(s.total(SeriesKey.operation(NS, "T", Metric.RETURNED_ITEM_COUNT, "Query"))).isEqualTo(7);
        assertThat(s.total(SeriesKey.of(NS, "T", null, Metric.CONDITIONAL_CHECK_FAILED_REQUESTS))).isEqualTo(1);
        assertThat(s.total(SeriesKey.operation(NS, "T", Metric.THROTTLED_REQUESTS, "PutItem"))).isEqualTo(1);
        assertThat(s.total(SeriesKey.account(NS, Metric.USER_ERRORS))).as("throttles and failed conditions are not user errors").isEqualTo(1);
        assertThat(s.total(SeriesKey.operation(NS, "T", Metric.SYSTEM_ERRORS, "GetItem"))).isEqualTo(1);
    }

    @Test void retentionIsBoundedAndADeletedTablesSeriesGoAfterIt() {
        MetricsStore s = new MetricsStore(clock, MetricsSettings.defaults().withRetention(Duration.ofMinutes(10), Duration.ofSeconds(30)));
        SeriesKey k = SeriesKey.of(NS, "T", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS);
        for (int i = 0; i < 20 * 60; i++) {
            s.record(k, 1);
            clock.advance(Duration.ofSeconds(1));
        }
        long now = clock.millis();
        assertThat(s.statistics(k, 1, 0, now + 1)).hasSizeLessThanOrEqualTo(30);
        assertThat(s.statistics(k, 60, 0, now + 1)).hasSizeLessThanOrEqualTo(10);
        assertThat(s.statistics(k, 60, 0, now + 1)).allSatisfy(d -> assertThat(d.sum()).isEqualTo(60));
        assertThat(s.total(k)).as("the Prometheus counter keeps counting").isEqualTo(1200);

        s.purge(NS, java.util.Set.of());
        assertThat(s.keys()).contains(k);
        clock.advance(Duration.ofMinutes(11));
        s.purge(NS, java.util.Set.of());
        assertThat(s.keys()).doesNotContain(k);
    }

    @Test void keptSeriesHandlesFollowThePurgeAndRecordAsTheStoreWould() {
        // The request path keeps series handles (per partition map, per table and operation);
        // once the store drops a series, the next value must make a new one, as record(key) does.
        createDayKeyed();
        call("PutItem", "{'TableName':'Orders','Item':{'id':{'S':'a'},'day':{'S':'d1'}}}");
        metrics.requests().finished("PutItem", "Orders", 2_000_000, -1, null, 200);
        MetricsStore s = metrics.store();
        SeriesKey units = SeriesKey.of(NS, "Orders", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS);
        SeriesKey latency = SeriesKey.operation(NS, "Orders", Metric.SUCCESSFUL_REQUEST_LATENCY, "PutItem");
        assertThat(s.total(units)).isEqualTo(1);
        assertThat(s.count(latency)).isEqualTo(1);

        s.purge(NS, java.util.Set.of());
        clock.advance(MetricsSettings.DEFAULT_MINUTE_RETENTION.plusMinutes(1));
        s.purge(NS, java.util.Set.of());
        assertThat(s.keys()).as("the table was not live for the retention").doesNotContain(units, latency);

        call("PutItem", "{'TableName':'Orders','Item':{'id':{'S':'b'},'day':{'S':'d2'}}}");
        metrics.requests().finished("PutItem", "Orders", 4_000_000, -1, null, 200);
        assertThat(s.total(units)).as("a new series, as a first value makes one").isEqualTo(1);
        assertThat(s.statistics(latency, 60, 0, clock.millis() + 1)).singleElement()
                .satisfies(d -> assertThat(d.maximum()).isEqualTo(4.0));
        assertThat(s.keys()).as("no series for what was not recorded")
                .doesNotContain(SeriesKey.operation(NS, "Orders", Metric.RETURNED_ITEM_COUNT, "PutItem"));
    }

    @Test void concurrentWritersToOneSeriesLoseNothing() throws Exception {
        MetricsStore s = new MetricsStore(clock, MetricsSettings.defaults());
        SeriesKey k = SeriesKey.of(NS, "Hot", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS);
        int threads = 4, each = 50_000;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try { go.await(); } catch (InterruptedException e) { return; }
                for (int i = 0; i < each; i++) s.record(k, 1);
            });
            w.start();
            writers.add(w);
        }
        go.countDown();
        for (Thread w : writers) w.join();
        assertThat(s.total(k)).isEqualTo(threads * each);
        assertThat(s.count(k)).isEqualTo((long) threads * each);
        List<Datapoint> points = s.statistics(k, 60, 0, clock.millis() + 1);
        assertThat(points).hasSize(1);
        assertThat(points.get(0).sampleCount()).isEqualTo((long) threads * each);
        assertThat(points.get(0).maximum()).isEqualTo(1.0);
    }

    @Test void theSamplerRecordsLevelsAndPartitions() {
        createDayKeyed();
        putMany(10, 0);
        metrics.sample();
        MetricsStore s = metrics.store();
        assertThat(s.last(SeriesKey.of(NS, "Orders", null, Metric.PROVISIONED_WRITE_CAPACITY_UNITS))).isEqualTo(5);
        assertThat(s.last(SeriesKey.of(NS, "Orders", "ByDay", Metric.PROVISIONED_WRITE_CAPACITY_UNITS))).isEqualTo(1);
        assertThat(s.last(SeriesKey.of(NS, "Orders", null, Metric.PARTITION_COUNT))).isEqualTo(1);
        assertThat(s.last(SeriesKey.account(NS, Metric.ACCOUNT_PROVISIONED_WRITE_CAPACITY_UTILIZATION))).isEqualTo(100 * 6 / 80_000.0);
        double partitions = s.keys().stream().filter(k -> k.metric() == Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS && k.index() == null)
                .mapToDouble(s::total).sum();
        assertThat(partitions).isEqualTo(engine.capacity().snapshot().tables().get(0).table().consumedWrite());
    }

    @Test void withMetricsOffNothingIsRecorded() {
        ManualClock c = new ManualClock();
        try (Engine e = new Engine(new MemoryStorage(), c, Settings.defaults())) {
            Metrics off = Metrics.attach(e.capacity().model(), c, MetricsSettings.off(), 80_000, 80_000, x -> {});
            OperationCalls.call(new Operations(e), "CreateTable", "{'TableName':'Tab','BillingMode':'PAY_PER_REQUEST',"
                    + "'AttributeDefinitions':[{'AttributeName':'id','AttributeType':'S'}],"
                    + "'KeySchema':[{'AttributeName':'id','KeyType':'HASH'}]}");
            OperationCalls.call(new Operations(e), "PutItem", "{'TableName':'Tab','Item':{'id':{'S':'a'}}}");
            off.sample();
            assertThat(off.enabled()).isFalse();
            assertThat(off.requests()).isNull();
            assertThat(off.store().keys()).isEmpty();
        }
    }
}
