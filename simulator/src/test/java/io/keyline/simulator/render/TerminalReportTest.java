package io.keyline.simulator.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.simulator.fixtures.SeedReports;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The terminal report, read as a person reads it: diagnosis first, aligned columns, separated thousands. */
class TerminalReportTest {
    private static final String ORDERS = TerminalReport.render(Outcome.of(SeedReports.ordersStatus()));

    @Test
    void theDiagnosisComesFirstMostSevereFirst() {
        int diagnosis = ORDERS.indexOf("\nDiagnosis\n"), throughput = ORDERS.indexOf("\nThroughput per second");
        assertThat(diagnosis).isPositive().isLessThan(throughput);
        assertThat(ORDERS.substring(diagnosis)).startsWith("\nDiagnosis\n  CRITICAL  throttled at 3% of provisioned: a partition problem, in GSI status-index");
        assertThat(ORDERS.indexOf("CRITICAL")).isLessThan(ORDERS.indexOf("WARNING"));
        assertThat(ORDERS.indexOf("WARNING")).isLessThan(ORDERS.indexOf("INFO"));
        assertThat(ORDERS).contains("fix: Raising the table's WCU will not help");
    }

    @Test
    void numbersHaveThousandsSeparatorsAndColumnsAlign() {
        assertThat(ORDERS).contains("25,200,000", "4,000,000", "$10,535", "9,800 ms");
        List<String> lines = Arrays.asList(ORDERS.split("\n"));
        int header = indexOf(lines, "  table / GSI         mode");
        String head = lines.get(header), orders = lines.get(header + 2), gsi = lines.get(header + 3);
        assertThat(orders).startsWith("  Orders ");
        assertThat(gsi).startsWith("    GSI status-index ");
        // right-aligned numeric columns end where their titles end
        int wcuAvgEnd = head.indexOf("WCU avg") + "WCU avg".length();
        assertThat(orders.substring(0, wcuAvgEnd)).endsWith(" 300");
        assertThat(gsi.substring(0, wcuAvgEnd)).endsWith(" 1,000");
        assertThat(orders).endsWith("3.0 GB");
    }

    /** docs/RULES.md#THROTTLE-EVENTS-BACK-PRESSURE: the table's own events as CloudWatch counts them, its GSI's refusals apart. */
    @Test
    void theWritesAGsiRefusedAreSaidApartFromTheTablesOwnThrottleEvents() {
        List<String> lines = Arrays.asList(ORDERS.split("\n"));
        int header = indexOf(lines, "  table / GSI         mode");
        String head = lines.get(header), orders = lines.get(header + 2), gsi = lines.get(header + 3);
        int eventsEnd = head.indexOf("throttle events") + "throttle events".length();
        int refusedEnd = head.indexOf("refused by GSIs") + "refused by GSIs".length();
        assertThat(orders.substring(0, eventsEnd)).endsWith(" 0");
        assertThat(orders.substring(0, refusedEnd)).endsWith(" 25,200,000");
        assertThat(gsi.substring(0, eventsEnd)).endsWith(" 25,200,000");
        assertThat(gsi.substring(0, refusedEnd)).endsWith(" -");
        String byReason = ORDERS.substring(ORDERS.indexOf("\nThrottle events by reason"), ORDERS.indexOf("\nHottest partitions"));
        assertThat(byReason).contains("  Orders / status-index  IndexWriteKeyRangeThroughputExceeded")
                .doesNotContain("  Orders  ").contains("GSI back-pressure: 25,200,000 write attempts of table Orders (retries included) were refused");
    }

    @Test
    void theCostNamesTheMonthAndEachMode() {
        assertThat(ORDERS).contains("Monthly cost (730 h: the 10m simulated × 4,380)", "on demand ", "provisioned as declared",
                "provisioned at the observed peak", "on demand, every throttled request served");
        // what the month assumes, in its units: the run's average held for 730 hours (iot-after's $230,000 against the seed's $31,000)
        String after = TerminalReport.render(Outcome.of(SeedReports.iotAfter()));
        assertThat(after).contains("The month holds this run's average rates for all 730 hours: 140,700 write units and");
        String scan = TerminalReport.render(Outcome.of(SeedReports.scan400k()));
        assertThat(scan).doesNotContain("provisioned as declared").contains("Scan pending-scan reads 400,000 items to return 10");
    }

    /** A filter that kept nothing has no ScannedCount ÷ Count: the line says what was read to return none. */
    @Test
    void aFilterThatKeptNothingReadsItemsToReturnNone() {
        String report = TerminalReport.render(Outcome.of(SeedReports.filterKeepsNothing()));
        String diagnosis = report.substring(report.indexOf("\nDiagnosis\n"), report.indexOf("\nThroughput per second"));
        String unwrapped = diagnosis.replaceAll("\n +", " ");
        assertThat(unwrapped).contains("WARNING   Query by-status reads 132,586 items to return none (ScannedCount 1,325,860, "
                + "Count 0, over 10 requests): 133 pages and 16,573 RCU a request; its filter discards every item [pattern by-status]");
        assertThat(report).doesNotContain("÷", "ScannedCount ÷ Count = 1,325,860");
    }

    @Test
    void aCleanRunSaysSo() {
        String after = TerminalReport.render(Outcome.of(SeedReports.iotAfter()));
        assertThat(after).contains("No throttling and no design problem found.").doesNotContain("CRITICAL");
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).startsWith(prefix)) return i;
        throw new AssertionError("no line starts with " + prefix);
    }
}
