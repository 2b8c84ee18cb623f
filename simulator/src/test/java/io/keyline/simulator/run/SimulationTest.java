package io.keyline.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The runner on a small scripted workload, unsampled: every figure of the report equals the
 * capacity model's own counters, and the same seed gives the same report.
 */
class SimulationTest {
    private static final Simulation.Options UNSAMPLED = new Simulation.Options(Simulation.StorageMode.MEMORY, 1.0);

    private static Report run(Workload w, Simulation.Options options, AtomicReference<CapacitySnapshot> model) {
        return Simulation.run(w, options, null, new ManualClock(), db -> model.set(db.model().snapshot()));
    }

    @Test void reportEqualsTheCapacityModelsCounters() {
        AtomicReference<CapacitySnapshot> model = new AtomicReference<>();
        Report report = run(Scenarios.iotLike(1_500, 1, 2_000, 2_000, Duration.ofSeconds(65), 7), UNSAMPLED, model);
        CapacitySnapshot.TableSnapshot events = model.get().tables().get(0);
        TableReport table = report.tables().get(0);
        assertResourceMatches(table.table(), events.table());
        assertResourceMatches(table.gsis().get(0), events.globalSecondaryIndexes().get(0));

        // the day-keyed GSI throttles the table's writes: the seed's diagnosis
        ResourceReport gsi = table.gsis().get(0);
        assertThat(gsi.totals().throttleEventsByReason()).containsKey("IndexWriteKeyRangeThroughputExceeded");
        assertThat(table.table().totals().throttleEventsByReason()).isEmpty();
        assertThat(gsi.partitionCount()).isGreaterThanOrEqualTo(3); // ⌈300/3,000 + 2,000/1,000⌉, then splits that cannot cut one key
        assertThat(gsi.minutes()).hasSize(2);

        PatternReport writes = report.patterns().get(0);
        assertThat(writes.requests()).isEqualTo(1_500 * 65);
        assertThat(writes.succeeded() + writes.failed()).isEqualTo(writes.requests());
        assertThat(writes.throttledAttempts()).isEqualTo(gsi.totals().throttledRequests() + table.table().totals().throttledRequests());
        assertThat(writes.throttledAttempts()).isEqualTo(gsi.totals().writeThrottleEvents() + table.table().totals().writeThrottleEvents());
        assertThat(writes.consumedWriteUnits()).isCloseTo(
                events.table().consumedWrite() + events.globalSecondaryIndexes().get(0).consumedWrite(), within(1e-6));
        assertThat(writes.errors()).containsOnlyKeys("ProvisionedThroughputExceededException");
        assertThat(writes.latency().max()).isGreaterThanOrEqualTo(writes.latency().p50()).isGreaterThanOrEqualTo(5.0);

        PatternReport reads = report.patterns().get(1);
        assertThat(reads.consumedReadUnits()).isPositive();
        PatternReport query = report.patterns().get(2);
        assertThat(query.pages()).isEqualTo(3 * query.requests()); // it followed LastEvaluatedKey: 50, 50, 20
        assertThat(query.itemsReturned()).isEqualTo(Scenarios.YESTERDAY_ITEMS * query.requests()).isEqualTo(gsi.entriesRead());
        assertThat(query.consumedReadUnits() + reads.consumedReadUnits()).isCloseTo(
                events.table().consumedRead() + events.globalSecondaryIndexes().get(0).consumedRead(), within(1e-6));

        assertThat(table.table().entriesWritten()).isEqualTo(writes.succeeded());
        assertThat(table.table().distinctPartitionKeys()).isBetween(writes.succeeded() * 9 / 10, writes.succeeded());
        assertThat(gsi.distinctPartitionKeys()).isEqualTo(1);
        // past 65,536 keys the distinct count is a HyperLogLog's, within about 1%
        assertThat((double) table.table().distinctPartitionKeys()).isCloseTo(table.itemCount() - Scenarios.YESTERDAY_ITEMS,
                within(table.itemCount() * 0.025));
        assertThat(table.storageBytes()).isGreaterThan(table.itemCount() * 1_000);
        assertThat(gsi.topKeys()).first().satisfies(k -> assertThat(k.partitionKey()).isEqualTo("2026-01-05"));
        // today's key took every throttled write, yesterday's the throttled Query pages
        assertThat(gsi.topThrottledKeys()).first().satisfies(k -> {
            assertThat(k.partitionKey()).isEqualTo("2026-01-05");
            assertThat(k.count()).isEqualTo(gsi.totals().writeThrottleEvents());
        });
        assertThat(gsi.topThrottledKeys().stream().mapToLong(ResourceReport.KeyCount::count).sum())
                .isEqualTo(gsi.totals().throttledRequests());
        assertThat(report.sampling()).containsEntry("write", 1.0);
    }

    private static void assertResourceMatches(ResourceReport r, CapacitySnapshot.MapSnapshot m) {
        assertThat(r.totals().consumedReadUnits()).isCloseTo(m.consumedRead(), within(1e-6));
        assertThat(r.totals().consumedWriteUnits()).isCloseTo(m.consumedWrite(), within(1e-6));
        assertThat(r.totals().throttleEventsByReason()).isEqualTo(m.throttles());
        assertThat(r.totals().readThrottleEvents() + r.totals().writeThrottleEvents())
                .isEqualTo(m.throttles().values().stream().mapToLong(Long::longValue).sum());
        assertThat(r.partitionCount()).isEqualTo(m.partitions().size());
        double minutesRead = 0, minutesWrite = 0;
        Map<String, Long> minuteReasons = new HashMap<>();
        for (ResourceReport.Minute minute : r.minutes()) {
            minutesRead += minute.consumedReadUnits();
            minutesWrite += minute.consumedWriteUnits();
            minute.throttleEventsByReason().forEach((k, v) -> minuteReasons.merge(k, v, Long::sum));
            assertThat(minute.provisionedWriteUnits()).isEqualTo(m.provisionedWrite());
        }
        assertThat(minutesRead).isCloseTo(m.consumedRead(), within(1e-6));
        assertThat(minutesWrite).isCloseTo(m.consumedWrite(), within(1e-6));
        assertThat(minuteReasons).isEqualTo(m.throttles());
        CapacitySnapshot.PartitionSnapshot hottest = m.partitions().stream()
                .max(java.util.Comparator.comparingDouble(p -> p.consumedRead() + p.consumedWrite())).orElseThrow();
        assertThat(r.hottestPartitions().get(0).consumedWriteUnits()).isEqualTo(hottest.consumedWrite());
        assertThat(r.hottestPartitions().get(0).throttleEvents()).isEqualTo(hottest.throttledReads() + hottest.throttledWrites());
    }

    @Test void theSameSeedGivesTheSameReport() {
        Workload w = Scenarios.iotLike(800, 1, 2_000, 2_000, Duration.ofSeconds(20), 11);
        Report a = run(w, UNSAMPLED, new AtomicReference<>());
        Report b = run(w, UNSAMPLED, new AtomicReference<>());
        assertThat(b).isEqualTo(a);
    }
}
