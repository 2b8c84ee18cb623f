package io.keyline.simulator.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Percentage.withPercentage;

import io.keyline.simulator.fixtures.SeedReports;
import io.keyline.simulator.report.Report;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableReport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The month's bill, checked against calculations written out here by hand (within 1%). */
class CostModelTest {
    private static final double GB = 1024.0 * 1024 * 1024;
    /** 730 hours ÷ 10 simulated minutes. */
    private static final double SCALE = 730 / (10 / 60.0);

    @Test
    void aTenMinuteRunIsAMonthOf4380Repetitions() {
        MonthlyCost c = CostModel.of(SeedReports.iotBefore());
        assertThat(c.monthScale()).isCloseTo(4_380, within(1e-9));
        assertThat(c.simulatedHours()).isCloseTo(1 / 6.0, within(1e-12));
        assertThat(c.region()).isEqualTo("us-east-1");
    }

    @Test
    void dayKeyedIotTableOnDemandAndProvisioned() {
        MonthlyCost c = CostModel.of(SeedReports.iotBefore());
        MonthlyCost.ResourceCost table = c.resources().get(0), gsi = c.resources().get(1);
        // writes: 1,000 WCU a second for 600 s = 600,000 units, × 4,380 = 2.628 billion a month, at $0.625 a million
        double writeDollars = 600_000 * SCALE / 1e6 * 0.625; // $1,642.50
        assertThat(table.onDemandWrites()).isCloseTo(1_642.50, withPercentage(1)).isCloseTo(writeDollars, withPercentage(1));
        assertThat(gsi.index()).isEqualTo("by-day");
        assertThat(gsi.onDemandWrites()).as("GSI writes billed on the GSI's line").isCloseTo(1_642.50, withPercentage(1));
        // GSI reads: 5 RCU a second for 600 s = 3,000, × 4,380 at $0.125 a million
        assertThat(gsi.onDemandReads()).isCloseTo(3_000 * SCALE / 1e6 * 0.125, withPercentage(1)); // $1.64
        // provisioned as declared: (180,000 × $0.00065 + 10,000 × $0.00013) × 730 h, and the GSI's 10,000 / 1,000
        assertThat(table.provisioned()).isCloseTo(85_410 + 949, withPercentage(1));
        assertThat(gsi.provisioned()).isCloseTo(4_745 + 94.9, withPercentage(1));
        // storage: 90,600,000,000 bytes (100 B overhead included) = 84.38 GB at $0.25, table and GSI alike
        double storageEach = 90_600_000_000L / GB * 0.25; // $21.09
        assertThat(table.storage()).isCloseTo(storageEach, withPercentage(1));
        assertThat(gsi.storage()).isCloseTo(21.09, withPercentage(1));
        assertThat(gsi.storageEstimated()).isFalse();

        MonthlyCost.Totals t = c.totals();
        assertThat(t.storage()).isCloseTo(42.19, withPercentage(1));
        assertThat(t.onDemand()).isCloseTo(1_642.50 + 1_642.50 + 1.64 + 42.19, withPercentage(1)); // $3,328.83
        assertThat(t.provisioned()).isCloseTo(85_410 + 949 + 4_745 + 94.9 + 42.19, withPercentage(1)); // $91,241 (the seed: ~$94,000)
        assertThat(t.anyProvisioned()).isTrue();
        // at the observed peak: 1,000 WCU on the table, 1,000 WCU and 5 RCU on the GSI
        assertThat(t.provisionedAtPeak()).isCloseTo((2_000 * 0.00065 + 5 * 0.00013) * 730 + 42.19, withPercentage(1)); // $991.66
    }

    @Test
    void requestsThatGaveUpThrottledArePricedApartAtTheirPatternsUnits() {
        MonthlyCost c = CostModel.of(SeedReports.iotBefore());
        // 83,400,000 gave up; each successful ingest consumed 2 write units (table + GSI)
        double units = 83_400_000 * 2 * SCALE; // 730.6 billion a month
        assertThat(c.totals().unservedWriteRequestUnits()).isCloseTo(units, withPercentage(1));
        assertThat(c.totals().onDemandIfAllServed()).isCloseTo(3_328.83 + units / 1e6 * 0.625, withPercentage(1)); // ~$459,944
    }

    @Test
    void scanOf400000ItemsOnDemand() {
        MonthlyCost c = CostModel.of(SeedReports.scan400k());
        // 10 scans × 51,200 RCU = 512,000 read units in 10 minutes, × 4,380 at $0.125 a million
        assertThat(c.resources().get(0).onDemandReads()).isCloseTo(280.32, withPercentage(1));
        // 440,000,000 bytes: 400,000 items of 1,000 bytes plus 100 bytes each
        assertThat(c.totals().storage()).isCloseTo(440_000_000 / GB * 0.25, withPercentage(1)); // $0.10
        assertThat(c.totals().anyProvisioned()).isFalse();
        assertThat(c.totals().provisioned()).as("nothing declared: storage only").isCloseTo(c.totals().storage(), withPercentage(1));
        // provisioning the peak: 51,200 RCU every hour
        assertThat(c.totals().provisionedAtPeak()).isCloseTo(51_200 * 0.00013 * 730 + 0.10, withPercentage(1)); // $4,859
    }

    @Test
    void anUnmeasuredGsiIsEstimatedFromItsWrites() {
        Report r = SeedReports.iotBefore();
        TableReport t = r.tables().get(0);
        ResourceReport g = t.gsis().get(0);
        ResourceReport unmeasured = new ResourceReport(g.table(), g.index(), g.minutes(), g.totals(), g.partitionCount(),
                g.splits(), g.hottestPartitions(), g.topKeys(), g.topThrottledKeys(), g.distinctPartitionKeys(),
                g.entriesWritten(), g.entriesRead(), g.averageEntryBytes());
        Report estimated = new Report(r.scenario(), r.seed(), r.simulated(), r.sampling(),
                List.of(new TableReport(t.design(), t.table(), List.of(unmeasured), t.itemCount(), t.storageBytes(), 0)),
                r.patterns(), r.region(), r.prices());
        MonthlyCost.ResourceCost c = CostModel.of(estimated).resources().get(1);
        // min(90,600,000 items, 600,000 entries written) × (900 + 100) bytes
        assertThat(c.storageEstimated()).isTrue();
        assertThat(c.entries()).isEqualTo(600_000);
        assertThat(c.storageBytes()).isEqualTo(600_000_000L);
        assertThat(c.storage()).isCloseTo(0.1397, withPercentage(1));
    }

    @Test
    void theScenarioOverridesPrices() {
        Report r = SeedReports.iotBefore();
        Report cheaper = new Report(r.scenario(), r.seed(), r.simulated(), r.sampling(), r.tables(), r.patterns(), "eu-west-1",
                Map.of("onDemandWriteRequestUnitPerMillion", 1.0, "storagePerGbMonth", 0.0));
        MonthlyCost c = CostModel.of(cheaper);
        assertThat(c.region()).isEqualTo("eu-west-1");
        assertThat(c.resources().get(0).onDemandWrites()).isCloseTo(2_628, withPercentage(1));
        assertThat(c.totals().storage()).isZero();
        assertThat(c.prices().provisionedWcuPerHour()).as("the rest stay the defaults").isEqualTo(0.00065);
    }

    @Test
    void anUnknownPriceKeyIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> Prices.defaults().with(Map.of("writeUnits", 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown price 'writeUnits'").hasMessageContaining("provisionedWcuPerHour");
        assertThatThrownBy(() -> Prices.defaults().with(Map.of("storagePerGbMonth", -1.0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Prices.defaults().asMap().keySet()).containsExactlyElementsOf(Prices.KEYS);
    }
}
