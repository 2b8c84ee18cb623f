package io.keyline.simulator.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.keyline.simulator.cost.CostModel;
import io.keyline.simulator.fixtures.SeedReports;
import io.keyline.simulator.report.PatternReport;
import io.keyline.simulator.report.Report;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The diagnosis of each seed case, in the seeds' words and with their numbers. */
class AdvisorTest {
    static List<Finding> advise(Report r) {
        return Advisor.advise(r, CostModel.of(r));
    }

    static Finding only(List<Finding> findings, String code) {
        List<Finding> f = findings.stream().filter(x -> x.code().equals(code)).toList();
        assertThat(f).as(code + " in " + findings).hasSize(1);
        return f.get(0);
    }

    @Test
    void dayKeyedGsiCapsTheTableAtOnePartitionAndIsMostlyUnread() {
        List<Finding> f = advise(SeedReports.iotBefore());
        Finding throttling = only(f, "PARTITION_THROTTLING");
        assertThat(throttling.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(throttling.index()).as("the GSI's events, not the table's: the GSI is blamed").isEqualTo("by-day");
        assertThat(throttling.headline()).startsWith("throttled at 0.6% of provisioned: a partition problem, in GSI by-day")
                .contains("partition 1 of 1", "IndexWriteKeyRangeThroughputExceeded")
                .endsWith("its back-pressure refused 83,400,000 write attempts of table telemetry");
        assertThat(throttling.numbers()).containsEntry("gsiBackPressureRefusals", 83_400_000.0);
        assertThat(throttling.numbers().get("consumedShareOfProvisioned")).isCloseTo(1_000 / 180_000.0, within(1e-9));
        assertThat(throttling.fix()).contains("will not help");

        Finding gsi = only(f, "GSI_SINGLE_PARTITION");
        assertThat(gsi.headline()).isEqualTo("every write lands on partition 1 of 1 of GSI by-day: the table is capped at "
                + "1,000 WCU by this index; 99.5% of its entries are never read");
        assertThat(gsi.numbers()).containsEntry("tableWriteCapUnitsPerSecond", 1_000.0);

        Finding date = only(f, "GSI_DATE_KEY");
        assertThat(date.headline()).contains("keyed on a date (day = 2026-08-03)", "140,000 WCU", "140 shards");
        assertThat(date.numbers()).containsEntry("shardsNeeded", 140.0).containsEntry("distinctPartitionKeys", 1.0);

        Finding unread = only(f, "INDEX_MOSTLY_UNREAD");
        assertThat(unread.headline()).startsWith("99.5% of GSI by-day's entries are never read (600,000 written, 3,000 read)")
                .contains("$1,643 a month in writes");
        assertThat(unread.fix()).contains("sparse");

        Finding billing = only(f, "BILLING_MODE");
        assertThat(billing.numbers().get("writeDemandFactor")).isCloseTo(140, within(1e-9));
        assertThat(billing.numbers().get("provisionedMonthlyDollars")).isCloseTo(91_241, within(1.0));
        assertThat(f.get(0).severity()).as("most severe first").isEqualTo(Severity.CRITICAL);
        assertThat(f.get(f.size() - 1).severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void theSparseShardedFixLeavesOnlyTheBillingAdvice() {
        List<Finding> f = advise(SeedReports.iotAfter());
        assertThat(f).extracting(Finding::code).containsExactly("BILLING_MODE");
    }

    @Test
    void statusIndexThrottlesAtThreePercentOfProvisioned() {
        List<Finding> f = advise(SeedReports.ordersStatus());
        Finding throttling = only(f, "PARTITION_THROTTLING");
        assertThat(throttling.headline()).startsWith("throttled at 3% of provisioned: a partition problem, in GSI status-index")
                .contains("partition 4 of 10");
        Finding low = only(f, "GSI_LOW_CARDINALITY_KEY");
        assertThat(low.headline()).contains("partition key status has 3 distinct values", "at most 3 partitions (3,000 WCU)");
        // 1,000 WCU admitted while the clients asked 5× (900,000 first attempts, 180,000 served): 5,000 WCU, 5 shards, 10 with headroom
        assertThat(low.numbers()).containsEntry("shardsNeeded", 5.0).containsEntry("shardsWithHeadroom", 10.0);
        assertThat(low.fix()).contains("PENDING#0 … #9", "sparse");
        assertThat(only(f, "GSI_SINGLE_PARTITION").headline()).startsWith("92% of writes land on partition 4 of 10 of GSI status-index");
        Finding projection = only(f, "PROJECTION_WRITE_COST");
        // 1,000 WCU a second for 420,000 entries: 1.43 WCU an entry; the 0.43 above one, × 420,000 × 4,380, at $0.625 a million
        assertThat(projection.numbers().get("extraMonthlyDollarsOnDemand")).isCloseTo(
                (600_000.0 / 420_000 - 1) * 420_000 * 4_380 / 1e6 * 0.625, within(0.01));
    }

    /** A key-range reason names a partition's ceiling at any share: 26% of provisioned is still a partition problem. */
    @Test
    void aKeyRangeThrottleIsAPartitionProblemWhateverTheShare() {
        List<Finding> f = advise(SeedReports.ordersStatus(1_154));
        Finding throttling = only(f, "PARTITION_THROTTLING");
        assertThat(throttling.headline()).startsWith("throttled at 26% of provisioned: a partition problem, in GSI status-index");
        assertThat(throttling.fix()).contains("will not help");
        assertThat(f).extracting(Finding::code).doesNotContain("CAPACITY_THROTTLING");
    }

    @Test
    void hotKeyNeedsEightShardsSixteenToTwentyWithHeadroom() {
        List<Finding> f = advise(SeedReports.hotKey());
        Finding hot = only(f, "HOT_KEY");
        assertThat(hot.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(hot.headline()).isEqualTo("key GLOBAL#page-views of table Counters peaks at 8,000 writes a second "
                + "(8,000 WCU): one partition serves 1,000 WCU; it needs 8 shards, 16-20 with headroom");
        assertThat(hot.fix()).contains("Calculated shards", "random shards", "20 parallel queries", "permanent");
        assertThat(only(f, "PARTITION_THROTTLING").headline()).startsWith("throttled at 5% of provisioned: a partition problem, in table Counters");
    }

    @Test
    void filteredScanOf400000ItemsShouldBeAQuery() {
        List<Finding> f = advise(SeedReports.scan400k());
        Finding scan = only(f, "SCAN_INSTEAD_OF_QUERY");
        assertThat(scan.pattern()).isEqualTo("pending-scan");
        assertThat(scan.headline()).isEqualTo("Scan pending-scan reads 400,000 items to return 10 (ScannedCount ÷ Count = 40,000): "
                + "400 pages and 51,200 RCU a request; the filter saves nothing");
        // 512,000 RCU in 10 minutes × 4,380 at $0.125 a million
        assertThat(scan.numbers().get("monthlyOnDemandDollars")).isCloseTo(280.32, within(0.01));
        assertThat(only(f, "BILLING_MODE").headline()).endsWith("on demand is cheaper for this traffic");
    }

    /** Count 0 has no ratio: the headline says what was read to return nothing, not "ScannedCount ÷ Count = 1,325,860". */
    @Test
    void aFilterThatKeptNothingIsSaidAsNoneNotAsARatio() {
        Finding query = only(advise(SeedReports.filterKeepsNothing()), "FILTERED_QUERY");
        assertThat(query.headline()).isEqualTo("Query by-status reads 132,586 items to return none (ScannedCount 1,325,860, "
                + "Count 0, over 10 requests): 133 pages and 16,573 RCU a request; its filter discards every item");
        assertThat(query.numbers().get("scannedToReturned")).isInfinite();
        assertThat(query.numbers().get("itemsReturnedPerRequest")).isZero();
        Report r = SeedReports.filterKeepsNothing();
        PatternReport asScan = r.patterns().get(0);
        asScan = new PatternReport("pending-scan", "Scan", asScan.table(), null, 1, 1, 0, 0, asScan.errors(), asScan.consumedReadUnits(),
                0, 0, asScan.itemsScanned(), asScan.pages(), asScan.latency());
        Finding scan = only(advise(new Report(r.scenario(), r.seed(), r.simulated(), r.sampling(), r.tables(), List.of(asScan),
                r.region(), r.prices())), "SCAN_INSTEAD_OF_QUERY");
        assertThat(scan.headline()).startsWith("Scan pending-scan reads 1,325,860 items to return none (ScannedCount 1,325,860, Count 0, "
                + "over 1 request): ").doesNotContain("÷");
        assertThat(scan.fix()).contains("reads nothing instead of 1,325,860 items a request");
    }

    @Test
    void anItemCollectionNearTenGigabytesWithAnLsi() {
        Report r = SeedReports.scan400k();
        var t = r.tables().get(0);
        var design = new io.keyline.simulator.report.TableDesign(t.design().name(), t.design().billingMode(), 0, 0, "customerId",
                "orderId", List.of(), List.of(new io.keyline.simulator.report.TableDesign.IndexDesign("by-date", "customerId",
                        "orderDate", "ALL", List.of(), 0, 0)));
        long collection = 9L * 1024 * 1024 * 1024 + 512L * 1024 * 1024; // 9.5 GB
        Report withLsi = new Report(r.scenario(), r.seed(), r.simulated(), r.sampling(), List.of(new io.keyline.simulator.report.TableReport(
                design, t.table(), t.gsis(), t.itemCount(), t.storageBytes(), collection)), r.patterns(), r.region(), r.prices());
        Finding f = only(advise(withLsi), "ITEM_COLLECTION_NEAR_LIMIT");
        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.headline()).contains("9.5 GB, 95% of the 10 GB its LSI allows (by-date)", "ItemCollectionSizeLimitExceededException");
    }

    @Test
    void theSameReportGivesTheSameFindings() {
        assertThat(advise(SeedReports.ordersStatus())).isEqualTo(advise(SeedReports.ordersStatus()));
    }
}
