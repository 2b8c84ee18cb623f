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
        ResourceReport gsi = table.gsis().get(0);
        // the table's events are its own (none here): the writes its GSI refused are the GSI's events
        assertResourceMatches(table.table(), events.table());
        assertResourceMatches(gsi, events.globalSecondaryIndexes().get(0));

        // the day-keyed GSI throttles the table's writes: the seed's diagnosis
        assertThat(gsi.totals().throttleEventsByReason()).containsKey("IndexWriteKeyRangeThroughputExceeded");
        assertThat(events.table().throttles()).as("the table's own partitions never throttled").isEmpty();
        assertThat(table.table().totals().throttleEventsByReason()).isEmpty();
        assertThat(table.table().totals().gsiBackPressureRefusals()).isEqualTo(gsi.totals().writeThrottleEvents());
        assertThat(gsi.partitionCount()).isGreaterThanOrEqualTo(3); // ⌈300/3,000 + 2,000/1,000⌉, then splits that cannot cut one key
        assertThat(gsi.minutes()).hasSize(2);

        PatternReport writes = report.patterns().get(0);
        assertThat(writes.requests()).isEqualTo(1_500 * 65);
        assertThat(writes.succeeded() + writes.failed()).isEqualTo(writes.requests());
        assertThat(writes.throttledAttempts()).isEqualTo(gsi.totals().throttledRequests() + table.table().totals().throttledRequests());
        assertThat(writes.throttledAttempts()).isEqualTo(gsi.totals().writeThrottleEvents() + table.table().totals().writeThrottleEvents());
        assertThat(table.table().totals().writeThrottleEvents() + table.table().totals().gsiBackPressureRefusals())
                .as("every throttled write: the table's own events and those its GSI refused").isEqualTo(writes.throttledAttempts());
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
        Map<String, Long> expected = new HashMap<>(m.throttles());
        assertThat(r.totals().consumedReadUnits()).isCloseTo(m.consumedRead(), within(1e-6));
        assertThat(r.totals().consumedWriteUnits()).isCloseTo(m.consumedWrite(), within(1e-6));
        assertThat(r.totals().throttleEventsByReason()).isEqualTo(expected);
        assertThat(r.totals().readThrottleEvents() + r.totals().writeThrottleEvents())
                .isEqualTo(expected.values().stream().mapToLong(Long::longValue).sum());
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
        assertThat(minuteReasons).isEqualTo(expected);
        CapacitySnapshot.PartitionSnapshot hottest = m.partitions().stream()
                .max(java.util.Comparator.comparingDouble(p -> p.consumedRead() + p.consumedWrite())).orElseThrow();
        assertThat(r.hottestPartitions().get(0).consumedWriteUnits()).isEqualTo(hottest.consumedWrite());
        assertThat(r.hottestPartitions().get(0).throttleEvents()).isEqualTo(hottest.throttledReads() + hottest.throttledWrites());
    }

    @Test void aTablesOwnThrottleEventsLeaveOutTheWritesItsGsisRefused() {
        Report report = run(Scenarios.writesOnly(1_500, 1, 2_000, 2_000, Duration.ofSeconds(60), 7, false), UNSAMPLED, new AtomicReference<>());
        TableReport t = report.tables().get(0);
        ResourceReport gsi = t.gsis().get(0);
        long refused = gsi.totals().writeThrottleEvents();
        assertThat(refused).isPositive();
        // CloudWatch's WriteThrottleEvents of the table leave out the writes the GSI refused (the GSI's
        // events): the report gives those apart, as the table's GSI back-pressure refusals, naming the GSI
        assertThat(t.table().totals().writeThrottleEvents()).isZero();
        assertThat(t.table().totals().throttleEventsByReason()).isEmpty();
        assertThat(t.table().totals().gsiBackPressureRefusals()).isEqualTo(refused);
        assertThat(t.table().gsiBackPressureRefusalsByIndex()).containsExactlyEntriesOf(Map.of("by-day", refused));
        assertThat(gsi.gsiBackPressureRefusalsByIndex()).isEmpty();
        assertThat(gsi.totals().gsiBackPressureRefusals()).isZero();
        for (int m = 0; m < gsi.minutes().size(); m++) {
            assertThat(t.table().minutes().get(m).writeThrottleEvents()).isZero();
            assertThat(t.table().minutes().get(m).gsiBackPressureRefusals()).isEqualTo(gsi.minutes().get(m).writeThrottleEvents());
        }
        // the table's own partitions refused nothing
        assertThat(t.table().hottestPartitions()).allSatisfy(p -> assertThat(p.throttleEvents()).isZero());
    }

    @Test void anNMinuteRunHasNMinutesThoughRetriesOutlastIt() {
        Report report = run(Scenarios.writesOnly(1_500, 1, 2_000, 2_000, Duration.ofSeconds(60), 7, false), UNSAMPLED, new AtomicReference<>());
        PatternReport writes = report.patterns().get(0);
        // requests sent in the last second are retried after it: the run's clock went past its minute
        assertThat(writes.latency().max()).isGreaterThan(5.0);
        ResourceReport gsi = report.tables().get(0).gsis().get(0);
        assertThat(gsi.minutes()).hasSize(1);
        assertThat(report.tables().get(0).table().minutes()).hasSize(1);
        // what happened after the minute is counted in it
        ResourceReport.Minute only = gsi.minutes().get(0);
        assertThat(only.writeThrottleEvents()).isEqualTo(gsi.totals().writeThrottleEvents());
        assertThat(only.throttledRequests()).isEqualTo(gsi.totals().throttledRequests()).isEqualTo(writes.throttledAttempts());
        assertThat(only.consumedWriteUnits()).isEqualTo(gsi.totals().consumedWriteUnits());
        assertThat(RunClock.minutesOf(Duration.ofMinutes(10))).isEqualTo(10);
        assertThat(RunClock.minutesOf(Duration.ofSeconds(65))).isEqualTo(2);
        assertThat(RunClock.minutesOf(Duration.ofMillis(1))).isEqualTo(1);
    }

    @Test void demandCountsTheWritesOfferedAKeyNotThoseAdmitted() {
        Workload w = Scenarios.writesOnly(1_500, 1, 2_000, 2_000, Duration.ofSeconds(60), 7, false);
        Report whole = run(w, UNSAMPLED, new AtomicReference<>());
        ResourceReport gsi = whole.tables().get(0).gsis().get(0);
        PatternReport writes = whole.patterns().get(0);
        ResourceReport.KeyCount asked = gsi.topDemandKeys().get(0);
        assertThat(asked.partitionKey()).isEqualTo("2026-01-05");
        // every write's first attempt, once, however often it was retried
        assertThat(asked.count()).isEqualTo(writes.requests()).isEqualTo(1_500 * 60);
        assertThat(asked.peakPerSecond()).isCloseTo(1_500, within(1.0));
        // Contributor Insights counts what the one partition admitted: its ceiling, not the demand
        assertThat(gsi.topKeys().get(0).peakPerSecond()).isLessThan(1_200);
        // the table's keys are random devices: each asked for about once
        assertThat(whole.tables().get(0).table().topDemandKeys()).isNotEmpty()
                .allSatisfy(k -> assertThat(k.count()).isLessThan(10));

        Report sampled = run(w, new Simulation.Options(Simulation.StorageMode.MEMORY, 0.1), new AtomicReference<>());
        ResourceReport.KeyCount weighted = sampled.tables().get(0).gsis().get(0).topDemandKeys().get(0);
        assertThat(weighted.partitionKey()).isEqualTo("2026-01-05");
        assertThat((double) weighted.count()).isCloseTo(asked.count(), within(asked.count() * 0.02));
    }

    @Test void theSameSeedGivesTheSameReport() {
        Workload w = Scenarios.iotLike(800, 1, 2_000, 2_000, Duration.ofSeconds(20), 11);
        Report a = run(w, UNSAMPLED, new AtomicReference<>());
        Report b = run(w, UNSAMPLED, new AtomicReference<>());
        assertThat(b).isEqualTo(a);
    }
}
