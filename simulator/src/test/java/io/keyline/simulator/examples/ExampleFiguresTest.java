package io.keyline.simulator.examples;

import static io.keyline.simulator.examples.Examples.finding;
import static io.keyline.simulator.examples.Examples.gsi;
import static io.keyline.simulator.examples.Examples.pattern;
import static io.keyline.simulator.examples.Examples.simulate;
import static io.keyline.simulator.examples.Examples.table;
import static io.keyline.simulator.examples.Examples.throttledAttempts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.keyline.simulator.advice.Severity;
import io.keyline.simulator.cost.CostModel;
import io.keyline.simulator.cost.Prices;
import io.keyline.simulator.render.JsonReport;
import io.keyline.simulator.render.Outcome;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import io.keyline.simulator.run.Simulation;
import io.keyline.simulator.run.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The examples' figures (issue 15's first check): every file in examples/ run as
 * {@code keyline simulate} runs it (auto storage, the runner's own sampling), its outcome
 * asserted: throttled or not, on which resource and for which reason, the partition counts, the
 * findings in the seeds' terms, and the month's cost within 1% of the arithmetic written here
 * from the price table's constants. examples/README.md quotes these figures next to the seeds'.
 *
 * <p>Item sizes in the arithmetic are DynamoDB's (docs/RULES.md#SIZE-ITEM): each attribute's
 * name in bytes plus its value's (a string's UTF-8 bytes; a number about one byte per two
 * digits plus one). A month is 730 hours (docs/RULES.md#PRICE-DEFAULTS).
 *
 * <p>Each example runs for two simulated minutes at a small fixed sample of its requests (each
 * weighing the rest; the outcome holds, SamplingTest and the last test here): the provisioned
 * month does not depend on the duration, and the on-demand one is scaled to the month. The scans
 * run every request (scan-before for one minute: its scans are alike and each reads the whole
 * table). Tagged
 * slow: the eight runs take minutes together.
 */
@Tag("slow")
class ExampleFiguresTest {
    private static final Prices PRICES = Prices.defaults();
    private static final double MONTH_HOURS = CostModel.HOURS_PER_MONTH;
    private static final double GB = 1024.0 * 1024 * 1024;
    private static final double OVERHEAD = 100; // bytes billed per item and per index entry

    /** Provisioned throughput as declared, a month: capacity-unit hours, used or not. */
    private static double declared(long wcu, long rcu) {
        return (wcu * PRICES.provisionedWcuPerHour() + rcu * PRICES.provisionedRcuPerHour()) * MONTH_HOURS;
    }

    /** A month of storage: items (or entries) of {@code bytes} each, plus the overhead. */
    private static double storage(double items, double bytes) {
        return items * (bytes + OVERHEAD) / GB * PRICES.storagePerGbMonth();
    }

    /** How many times a simulated window repeats in a month. */
    private static double monthScale(double simulatedMinutes) {
        return MONTH_HOURS * 60 / simulatedMinutes;
    }

    /** A variant of an example run at {@code fraction} of every pattern's requests (each weighing 1/fraction): the outcome holds (SamplingTest). */
    private static Outcome sampled(String file, String duration, double fraction) throws Exception {
        Workload w = duration == null ? io.keyline.simulator.scenario.ScenarioFile.load(Examples.DIR.resolve(file))
                : Examples.variant(file, "duration: ", "duration: " + duration + " # ");
        Outcome o = Examples.simulate(w, new Simulation.Options(Simulation.StorageMode.AUTO, fraction));
        System.out.println(file + ": " + summary(o));
        return o;
    }

    /** The figures examples/README.md quotes, printed for it. */
    private static String summary(Outcome o) {
        StringBuilder b = new StringBuilder();
        b.append("throttled attempts ").append(throttledAttempts(o));
        for (TableReport t : o.report().tables()) {
            for (ResourceReport r : Examples.all(t)) {
                b.append("; ").append(r.index() == null ? r.table() : r.index()).append(' ').append(r.partitionCount()).append(" partitions ")
                        .append(r.totals().throttleEventsByReason());
            }
        }
        o.report().patterns().forEach(p -> b.append("; ").append(p.name()).append(' ').append(p.requests()).append(" req ")
                .append(p.failed()).append(" failed p99 ").append(p.latency().p99()).append(" ms"));
        b.append("; month on demand $").append(Math.round(o.cost().totals().onDemand())).append(" declared $")
                .append(Math.round(o.cost().totals().provisioned())).append("; findings ").append(Examples.codes(o));
        o.findings().forEach(f -> b.append("\n    ").append(f.severity()).append(' ').append(f.headline()));
        return b.toString();
    }

    @Test
    void scanBeforeReadsTheWholeTableForTenItems() throws Exception {
        // every request run (a sampled scan would weigh its pages on one partition: they throttle),
        // for one simulated minute, not the example's two: each scan is the same 400,000 items, and
        // six of them show what twelve do at half the build's time (the month scales from the minute)
        Outcome o = sampled("scan-before.yaml", "1m", 1.0);
        PatternReport scan = pattern(o, "pending-queue-scan");
        assertThat(scan.requests()).isPositive();
        // a 1 MB page answers in 5 ms + 1 MB at 8 MB a second, about 130 ms: a sequential scan asks
        // about 1,000 RCU a second of the partition it reads, a third of its 3,000: nothing throttles
        assertThat(table(o, "Orders").table().totals().throttleEventsByReason()).isEmpty();
        assertThat(throttledAttempts(o)).isZero();
        assertThat(Examples.codes(o)).contains("SCAN_INSTEAD_OF_QUERY").doesNotContain("PARTITION_THROTTLING");
        assertThat(table(o, "Orders").table().partitionCount()).isEqualTo(4); // a new on-demand table: 4,000 WCU / 1,000
        // an item: CustomerID 10 + 15, OrderID 7 + 13, OrderDate 9 + 20, Status 6 + 7, TotalAmount 11 + 3, Details 7 + 900
        double itemBytes = 25 + 20 + 29 + 13 + 14 + 907;
        // pages of 1 MB: about 1,040 items each (the seed's 400 MB in about 400 pages), ScannedCount 400,000 a scan
        assertThat((double) scan.itemsScanned() / scan.pages()).isBetween(1_000.0, 1_045.0);
        assertThat((double) scan.itemsScanned() / scan.requests()).isEqualTo(400_000.0);
        assertThat((double) scan.pages() / scan.requests()).isBetween(380.0, 400.0);
        // about 385 round trips of 130 ms: a scan takes about 50 s
        assertThat(scan.latency().p50()).isBetween(45_000.0, 55_000.0);
        // every byte scanned is read once, in 4 KB units, eventually consistent (half a unit each):
        // a whole scan of 400,000 items is 400,000 × 1,008 / 4,096 / 2 = 49,200 RCU, the seed's "about 50,000"
        double rcu = scan.itemsScanned() * itemBytes / 4_096 / 2;
        assertThat(scan.consumedReadUnits()).isCloseTo(rcu, withinPercentage(1));
        double month = rcu * monthScale(1) * PRICES.onDemandReadRequestUnitPerMillion() / 1e6 + storage(400_000, itemBytes);
        assertThat(o.cost().totals().onDemand()).isCloseTo(month, withinPercentage(1));
    }

    @Test
    void scanAfterQueriesTheSparseIndex() throws Exception {
        Outcome o = sampled("scan-after.yaml", null, 1.0);
        PatternReport query = pattern(o, "pending-queue-query");
        assertThat(throttledAttempts(o)).isZero();
        ResourceReport open = gsi(o, "Orders", "OpenOrders");
        assertThat(open.entryCount()).isBetween(3L, 20L); // 1 order in 40,000 of 400,000 carries Status
        assertThat(query.itemsScanned()).isEqualTo(query.itemsReturned());
        // an open order: 1,008 bytes; a closed one has no Status (13 bytes less)
        double month = storage(400_000 - open.entryCount(), 995) + storage(open.entryCount(), 1_008) * 2
                + query.requests() * Math.ceil(open.entryCount() * 1_008 / 4_096.0) / 2 * monthScale(2) * PRICES.onDemandReadRequestUnitPerMillion() / 1e6;
        assertThat(o.cost().totals().onDemand()).isCloseTo(month, withinPercentage(1));
    }

    @Test
    void iotBeforeIsCappedByItsDayKeyedIndex() throws Exception {
        Outcome o = sampled("iot-before.yaml", "2m", 0.005);
        ResourceReport byDay = gsi(o, "telemetry", "by-day-index");
        // its writes, and the dashboard's reads of the same partition
        assertThat(byDay.totals().throttleEventsByReason()).containsKeys("IndexWriteKeyRangeThroughputExceeded")
                .doesNotContainKeys("IndexWriteProvisionedThroughputExceeded");
        // the table's writes were refused by the index: the index's throttle events, given on the table
        // apart from its own (none: its partitions had room), naming the index
        assertThat(table(o, "telemetry").table().totals().throttleEventsByReason()).isEmpty();
        assertThat(table(o, "telemetry").table().gsiBackPressureRefusalsByIndex()).containsOnlyKeys("by-day-index");
        assertThat(table(o, "telemetry").table().totals().gsiBackPressureRefusals()).isEqualTo(byDay.totals().writeThrottleEvents());
        assertThat(table(o, "telemetry").table().partitionCount()).isEqualTo(187); // ⌈20,000 / 3,000 + 180,000 / 1,000⌉
        assertThat(finding(o, "PARTITION_THROTTLING").index()).isEqualTo("by-day-index");
        assertThat(finding(o, "PARTITION_THROTTLING").severity()).isEqualTo(Severity.CRITICAL);
        assertThat(finding(o, "GSI_DATE_KEY").headline()).contains("it needs 140 shards");
        // the table consumes about a GSI partition's 1,000 WCU of its 180,000
        assertThat(finding(o, "PARTITION_THROTTLING").numbers().get("consumedShareOfProvisioned")).isLessThan(0.02);
        double month = declared(180_000 + 180_000, 20_000 + 20_000); // table and GSI: $174,616
        assertThat(o.cost().totals().provisioned()).isCloseTo(month, withinPercentage(1));
    }

    @Test
    void iotAfterDoesNotThrottle() throws Exception {
        Outcome o = sampled("iot-after.yaml", "2m", 0.005);
        // the alarm index never throttles; the table's 150 partitions run at 93% of their ceiling, and a
        // sample of 1 in 200 (each write weighing 200 WCU) leaves about 2 writes in 10,000 given up
        assertThat(gsi(o, "telemetry", "alarm-index").totals().throttleEventsByReason()).isEmpty();
        PatternReport ingest = pattern(o, "ingest");
        assertThat((double) ingest.failed() / ingest.requests()).isLessThan(0.001);
        assertThat(table(o, "telemetry").table().partitionCount()).isEqualTo(150); // warm: 150,000 WCU / 1,000
        // a reading: deviceId 8 + 12, timestamp 9 + 8, state 5 + 2, siteId 6 + 10, lastSeen 8 + 20, payload 7 + 150: under 1 KB, 1 WCU
        double writes = 140_000 * 3_600 * MONTH_HOURS * PRICES.onDemandWriteRequestUnitPerMillion() / 1e6; // $229,950
        // a device's history is an eventually consistent query of about nothing: half a read unit
        double history = 950 * 0.5 * 3_600 * MONTH_HOURS * PRICES.onDemandReadRequestUnitPerMillion() / 1e6; // $156
        assertThat(o.cost().totals().onDemand()).isCloseTo(writes + history, withinPercentage(1));
    }

    @Test
    void ordersBeforeThrottlesOnTheStatusIndex() throws Exception {
        Outcome o = sampled("orders-before.yaml", "2m", 0.05);
        ResourceReport status = gsi(o, "Orders", "OrdersByStatus");
        assertThat(status.totals().throttleEventsByReason()).containsKey("IndexWriteKeyRangeThroughputExceeded");
        assertThat(finding(o, "PARTITION_THROTTLING").index()).isEqualTo("OrdersByStatus");
        assertThat(Examples.codes(o)).contains("GSI_LOW_CARDINALITY_KEY");
        assertThat(table(o, "Orders").table().partitionCount()).isEqualTo(8); // ⌈6,000 / 3,000 + 6,000 / 1,000⌉
        assertThat(o.cost().totals().provisioned()).isCloseTo(declared(6_000 + 6_000, 6_000 + 6_000), withinPercentage(1)); // $6,833
    }

    @Test
    void ordersAfterSpreadsTheQueueOverSixteenShards() throws Exception {
        Outcome o = sampled("orders-after.yaml", "2m", 0.05);
        ResourceReport status = gsi(o, "Orders", "OrdersByStatus");
        assertThat(status.distinctPartitionKeys()).isEqualTo(16);
        assertThat(status.totals().throttleEventsByReason()).doesNotContainKey("IndexWriteKeyRangeThroughputExceeded");
        assertThat(Examples.codes(o)).doesNotContain("GSI_LOW_CARDINALITY_KEY");
        assertThat(o.cost().totals().provisioned()).isCloseTo(declared(6_000 + 6_000, 6_000 + 6_000), withinPercentage(1)); // $6,833
    }

    @Test
    void hotkeyBeforeNeedsEightShards() throws Exception {
        Outcome o = sampled("hotkey-before.yaml", "2m", 0.025);
        assertThat(table(o, "Events").table().totals().throttleEventsByReason()).containsKey("TableWriteKeyRangeThroughputExceeded");
        assertThat(finding(o, "HOT_KEY").headline()).contains("is asked for 8,0", "it needs 8 shards, 16-20 with headroom");
        assertThat(o.cost().totals().provisioned()).isCloseTo(declared(10_000, 3_000), withinPercentage(1)); // $5,030
    }

    @Test
    void hotkeyAfterNeedsNoMoreShards() throws Exception {
        Outcome o = sampled("hotkey-after.yaml", "2m", 0.025);
        assertThat(Examples.codes(o)).doesNotContain("HOT_KEY");
        assertThat(table(o, "Events").table().distinctPartitionKeys()).isEqualTo(20);
        assertThat(o.cost().totals().provisioned()).isCloseTo(declared(10_000, 3_000), withinPercentage(1)); // $5,030
    }

    @Test
    void theSameSeedGivesTheSameReportByteForByte() throws Exception {
        Workload w = Examples.variant("hotkey-after.yaml", "duration: ", "duration: 30s # ");
        Simulation.Options options = new Simulation.Options(Simulation.StorageMode.AUTO, 0.025);
        assertThat(JsonReport.render(Examples.simulate(w, options))).isEqualTo(JsonReport.render(Examples.simulate(w, options)));
    }

    @Test
    void sampledAsTheCommandLineDoesTheOutcomeIsTheUnsampledOne() throws Exception {
        // hotkey-before at a quarter of its rate for a minute: the key at twice its partition's ceiling
        Workload w = Examples.variant("hotkey-before.yaml", "duration: 5m", "duration: 1m", "rate: 8000", "rate: 2000");
        Outcome whole = Examples.simulate(w, new Simulation.Options(Simulation.StorageMode.MEMORY, 1.0));
        Outcome sampled = Examples.simulate(w, new Simulation.Options(Simulation.StorageMode.MEMORY, 0.125));
        for (Outcome o : new Outcome[] {whole, sampled}) {
            assertThat(table(o, "Events").table().totals().throttleEventsByReason()).containsKey("TableWriteKeyRangeThroughputExceeded");
            assertThat(finding(o, "HOT_KEY").headline()).contains("it needs 2 shards, 4-5 with headroom");
        }
        PatternReport a = pattern(whole, "write-events"), b = pattern(sampled, "write-events");
        assertThat((double) b.failed() / b.requests()).isCloseTo((double) a.failed() / a.requests(), org.assertj.core.api.Assertions.within(0.03));
    }

    @Test
    void everyExampleHasItsFiguresTested() throws IOException {
        Set<String> files = new TreeSet<>();
        try (Stream<Path> list = Files.list(Examples.DIR)) {
            list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).forEach(files::add);
        }
        assertThat(files).containsExactlyInAnyOrder("scan-before.yaml", "scan-after.yaml", "iot-before.yaml", "iot-after.yaml",
                "orders-before.yaml", "orders-after.yaml", "hotkey-before.yaml", "hotkey-after.yaml");
    }
}
