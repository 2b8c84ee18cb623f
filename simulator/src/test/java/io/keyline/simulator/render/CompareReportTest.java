package io.keyline.simulator.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.protocol.Json;
import io.keyline.simulator.fixtures.SeedReports;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Before and after, side by side: the IoT table's day-keyed GSI, then its sparse sharded fix. */
class CompareReportTest {
    private static final Outcome BEFORE = Outcome.of(SeedReports.iotBefore()), AFTER = Outcome.of(SeedReports.iotAfter());

    @Test
    void keyFiguresSideBySideWithTheirChange() {
        String text = CompareReport.render("iot-before.yaml", BEFORE, "iot-after.yaml", AFTER);
        assertThat(text).startsWith("keyline simulate --compare · iot-before.yaml → iot-after.yaml\n\nKey figures\n");
        assertThat(line(text, "  requests failed")).matches("  requests failed\\s+83,400,000\\s+0\\s+−100%");
        assertThat(line(text, "  throttled attempts")).contains("250,000,000");
        assertThat(line(text, "  provisioned as declared, a month")).contains("$91,241");
        assertThat(line(text, "  findings critical")).matches("  findings critical\\s+3\\s+0\\s+−100%");
    }

    @Test
    void findingsResolvedAndIntroduced() {
        String text = CompareReport.render("before", BEFORE, "after", AFTER);
        String resolved = text.substring(text.indexOf("Findings resolved"), text.indexOf("Findings introduced"));
        assertThat(resolved).contains("every write lands on partition 1 of 1 of GSI by-day", "throttled at 0.6% of provisioned")
                .doesNotContain("BILLING");
        assertThat(text.substring(text.indexOf("Findings introduced"), text.indexOf("Findings in both"))).contains("  none");
        assertThat(text.substring(text.indexOf("Findings in both"))).contains("table telemetry");
        assertThat(CompareReport.only(BEFORE, AFTER)).extracting(f -> f.code())
                .containsExactly("PARTITION_THROTTLING", "GSI_SINGLE_PARTITION", "GSI_DATE_KEY", "INDEX_MOSTLY_UNREAD");
    }

    @Test
    void asJson() {
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(CompareReport.json("b", BEFORE, "a", AFTER).getBytes(StandardCharsets.UTF_8));
        assertThat(doc).containsKeys("format", "figures", "resolved", "introduced", "before", "after");
        assertThat((List<?>) doc.get("resolved")).hasSize(4);
        assertThat((List<?>) doc.get("introduced")).isEmpty();
    }

    private static String line(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError("no line " + prefix));
    }
}
