package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code keyline top}'s rendering of a fixed {@code GET /admin/top} document (the seeds' day-keyed
 * GSI: the table throttles at 3% of its provisioned writes because one GSI partition is at its
 * ceiling) against golden text. {@code -Dkeyline.golden.update=true} rewrites the golden file
 * under src/test/resources: read the diff before committing it.
 */
class TopViewTest {
    private static final String DOCUMENT = "/top/day-keyed-gsi.json";
    private static final String GOLDEN = "/top/day-keyed-gsi.txt";

    private static Map<String, Object> document() throws IOException {
        try (InputStream in = TopViewTest.class.getResourceAsStream(DOCUMENT)) {
            return TopDocument.parse(in.readAllBytes());
        }
    }

    @Test void plainTextMatchesTheGoldenFile() throws IOException {
        String text = TopView.render(document(), "http://localhost:8000", false);
        if (Boolean.getBoolean("keyline.golden.update")) {
            Files.writeString(Path.of("src/test/resources" + GOLDEN), text, StandardCharsets.UTF_8);
        }
        try (InputStream in = TopViewTest.class.getResourceAsStream(GOLDEN)) {
            assertThat(text).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertThat(text).doesNotContain("\033");
    }

    @Test void theDiagnosisNamesTheGsiAndItsPartition() throws IOException {
        String text = TopView.render(document(), "http://localhost:8000", false);
        assertThat(text).contains("diagnosis: table Orders throttles writes at 3% of its 40,000 provisioned WCU")
                .contains("GSI ByDay, partition 17 of 40 (tokens 9999999999999990..a66666666666665c) at 100% of its ceiling")
                .doesNotContain("table Orders throttles reads");
    }

    @Test void onATerminalThrottlesAndTheDiagnosisAreHighlighted() throws IOException {
        String text = TopView.render(document(), "http://localhost:8000", true);
        assertThat(text).contains("\033[1;31mWriteKeyRange 10,800\033[0m").contains("\033[1;31mdiagnosis: table Orders");
        assertThat(text.replaceAll("\033\\[[0-9;]*m", "")).isEqualTo(TopView.render(document(), "http://localhost:8000", false));
    }

    @Test void unitsHaveThousandsSeparators() {
        assertThat(TopView.units(40_000)).isEqualTo("40,000");
        assertThat(TopView.units(1_234_567.8)).isEqualTo("1,234,568");
        assertThat(TopView.units(12.5)).isEqualTo("12.5");
        assertThat(TopView.units(0)).isEqualTo("0");
        assertThat(TopView.shortReason("ReadMaxOnDemandThroughputThrottleEvents")).isEqualTo("ReadMaxOnDemand");
        assertThat(TopView.shortReason("WriteAccountLimitThrottleEvents")).isEqualTo("WriteAccountLimit");
    }

    @Test void aTableThatThrottlesNearItsProvisionedUnitsHasNoDiagnosis() throws IOException {
        Map<String, Object> doc = document();
        @SuppressWarnings("unchecked")
        Map<String, Object> orders = (Map<String, Object>) ((java.util.List<Object>) doc.get("resources")).get(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> write = (Map<String, Object>) orders.get("write");
        write.put("lastSecond", 9000.0); // 22.5% of 40,000: the table's provisioned units, not a partition, are the limit
        assertThat(TopView.render(doc, "http://localhost:8000", false)).doesNotContain("diagnosis");
    }
}
