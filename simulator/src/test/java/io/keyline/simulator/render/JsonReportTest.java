package io.keyline.simulator.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.protocol.Json;
import io.keyline.simulator.fixtures.SeedReports;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code --json}'s field names are a contract: every field path of the document is pinned by the
 * golden file {@code render/json-fields.txt} (maps keyed by data, such as a finding's numbers, show
 * as {@code *}). After a deliberate change, regenerate it with
 * {@code -Dkeyline.golden.update=true} and document the change in docs/SIMULATOR.md.
 */
class JsonReportTest {
    private static final Set<String> DATA_KEYED = Set.of("numbers", "sampling", "errors", "throttleEventsByReason", "gsiBackPressureRefusalsByIndex");

    @Test
    void fieldNamesMatchTheGoldenFile() throws IOException {
        Set<String> paths = new TreeSet<>();
        for (var r : List.of(SeedReports.ordersStatus(), SeedReports.iotBefore(), SeedReports.scan400k(), SeedReports.hotKey())) {
            collect(Json.parse(JsonReport.render(Outcome.of(r)).getBytes(StandardCharsets.UTF_8)), "", paths);
        }
        String actual = String.join("\n", paths) + "\n";
        if (Boolean.getBoolean("keyline.golden.update")) {
            Files.writeString(Path.of("src/test/resources/render/json-fields.txt"), actual);
        }
        try (InputStream in = getClass().getResourceAsStream("/render/json-fields.txt")) {
            assertThat(in).as("golden file render/json-fields.txt").isNotNull();
            assertThat(actual).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void theDocumentCarriesTheFiguresAPersonSees() {
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(JsonReport.render(Outcome.of(SeedReports.iotBefore()))
                .getBytes(StandardCharsets.UTF_8));
        assertThat(doc.get("format")).isEqualTo("keyline-simulate/2");
        assertThat(doc.get("simulatedSeconds")).isEqualTo(new BigDecimal("600.0"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> findings = (List<Map<String, Object>>) doc.get("findings");
        assertThat(findings.get(0)).containsEntry("severity", "CRITICAL").containsEntry("code", "PARTITION_THROTTLING")
                .containsEntry("index", "by-day");
        @SuppressWarnings("unchecked")
        Map<String, Object> totals = (Map<String, Object>) ((Map<String, Object>) doc.get("cost")).get("totals");
        assertThat(((BigDecimal) totals.get("provisioned")).doubleValue()).isBetween(91_240.0, 91_242.0);
    }

    /** Count 0 has no ratio: the finding's headline says none, and its ratio is null rather than a number. */
    @Test
    void aFilterThatKeptNothingHasNoRatio() {
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(JsonReport.render(Outcome.of(SeedReports.filterKeepsNothing()))
                .getBytes(StandardCharsets.UTF_8));
        @SuppressWarnings("unchecked")
        Map<String, Object> finding = ((List<Map<String, Object>>) doc.get("findings")).stream()
                .filter(f -> "FILTERED_QUERY".equals(f.get("code"))).findFirst().orElseThrow();
        assertThat((String) finding.get("headline")).startsWith("Query by-status reads 132,586 items to return none (ScannedCount 1,325,860, "
                + "Count 0, over 10 requests)");
        @SuppressWarnings("unchecked")
        Map<String, Object> numbers = (Map<String, Object>) finding.get("numbers");
        assertThat(numbers).containsEntry("scannedToReturned", null).containsKey("itemsScannedPerRequest");
    }

    @Test
    void theSameReportGivesTheSameText() {
        assertThat(JsonReport.render(Outcome.of(SeedReports.ordersStatus()))).isEqualTo(JsonReport.render(Outcome.of(SeedReports.ordersStatus())));
    }

    @SuppressWarnings("unchecked")
    private static void collect(Object v, String path, Set<String> out) {
        if (v instanceof Map<?, ?> m) {
            String last = path.substring(path.lastIndexOf('.') + 1).replace("[]", "");
            if (DATA_KEYED.contains(last)) {
                out.add(path + ".*");
                return;
            }
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                out.add(p);
                collect(e.getValue(), p, out);
            }
        } else if (v instanceof List<?> l) {
            for (Object o : l) collect(o, path + "[]", out);
        }
    }
}
