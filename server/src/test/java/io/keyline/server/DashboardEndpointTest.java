package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.config.Settings;
import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The dashboard's routes through the server, on the manual clock: the page, ECharts from its WebJar, and the state JSON. */
class DashboardEndpointTest {
    private static final ManualClock CLOCK = new ManualClock();
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), CLOCK);

    @Test void pageAndChartingLibraryAreServedFromTheJar() throws Exception {
        HttpResponse<String> page = get(DashboardPages.PATH);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(page.body()).contains("/dashboard/echarts.min.js", "/dashboard/dashboard.js");
        HttpResponse<String> echarts = get(DashboardPages.PATH + "/echarts.min.js");
        assertThat(echarts.statusCode()).isEqualTo(200);
        assertThat(echarts.body()).hasSizeGreaterThan(500_000).contains("heatmap");
        assertThat(get(DashboardPages.PATH + "/dashboard.js").body()).contains(DashboardPages.STATE);
        assertThat(get(DashboardPages.PATH + "/dashboard.css").statusCode()).isEqualTo(200);
    }

    @Test void stateShowsTheHotPartitionTheHotKeyAndTheModelsUnits() throws Exception {
        DashboardWorkloads load = new DashboardWorkloads(keyline.engine(), CLOCK, keyline.metrics());
        load.createTable("Orders", 300, 3_900, null); // ⌈300/3,000 + 3,900/1,000⌉ = 4 partitions
        load.enableInsights("Orders");
        // 2,000 writes a second on the hot key: its partition serves 1,000 once its burst is spent
        for (int s = 0; s < 12; s++) load.hotKeySecond("Orders", 2_500);
        assertThat(load.throttled).isPositive();

        Map<String, Object> resource = resources(state(), "Orders").get(0);
        CapacitySnapshot.MapSnapshot model = snapshot("Orders").table();
        assertThat(number(resource.get("partitionCount"))).isEqualTo(4);
        assertThat(resource).containsEntry("billing", "PROVISIONED");
        assertThat(sum((List<?>) resource.get("consumedWrite"))).isEqualTo(model.consumedWrite());

        CapacitySnapshot.PartitionSnapshot hot = model.partitions().stream()
                .max(Comparator.comparingDouble(CapacitySnapshot.PartitionSnapshot::consumedWrite)).orElseThrow();
        Map<?, ?> heatmap = (Map<?, ?>) resource.get("heatmap");
        assertThat((List<?>) heatmap.get("partitions")).hasSize(4);
        assertThat((String) heatmap.get("hottest")).contains(" " + String.format(Locale.ROOT, "%016x", hot.startToken()).substring(0, 4));
        assertThat(number(heatmap.get("hottestShare"))).isGreaterThanOrEqualTo(0.9);

        Map<?, ?> topKeys = (Map<?, ?>) resource.get("topKeys");
        assertThat(topKeys.get("enabled")).isEqualTo(true);
        assertThat(((Map<?, ?>) ((List<?>) topKeys.get("accessed")).get(0)).get("key")).isEqualTo(DashboardWorkloads.HOT_KEY);
        assertThat(((Map<?, ?>) ((List<?>) topKeys.get("throttled")).get(0)).get("key")).isEqualTo(DashboardWorkloads.HOT_KEY);
        assertThat(List.<Object>copyOf(((Map<?, ?>) resource.get("throttles")).keySet())).containsOnly("WriteKeyRangeThroughputThrottleEvents");
        // a hot key at a third of the provisioned units: a partition's problem, but above the banner's fifth
        assertThat(banners(state())).noneMatch(b -> "Orders".equals(b.get("table")));
    }

    @Test void dayKeyedGsiRaisesTheBannerNamingTheGsi() throws Exception {
        DashboardWorkloads load = new DashboardWorkloads(keyline.engine(), CLOCK, keyline.metrics());
        load.createTable("Events", 1_000, 20_000, "day");
        for (int s = 0; s < 8; s++) load.dayKeyedSecond("Events", 3_000, s);

        Map<String, Object> banner = banners(state()).stream().filter(b -> "Events".equals(b.get("table"))).findFirst().orElseThrow();
        assertThat(banner).containsEntry("index", "by-day");
        assertThat(number(banner.get("sharePercent"))).isLessThan(20);
        assertThat((String) banner.get("headline")).contains("GSI by-day, its partition ").contains("% of its provisioned capacity");
        assertThat((String) banner.get("explanation")).contains("GSI by-day of table Events", "IndexWriteKeyRangeThroughputExceeded");
        Map<String, Object> gsi = resources(state(), "Events").get(1);
        assertThat(gsi).containsEntry("name", "by-day").containsEntry("index", true);
        assertThat(((Map<?, ?>) gsi.get("topKeys")).get("enabled")).isEqualTo(false);
        assertThat((String) ((Map<?, ?>) gsi.get("topKeys")).get("hint"))
                .contains("update-contributor-insights --table-name Events --index-name by-day");
    }

    private static CapacitySnapshot.TableSnapshot snapshot(String table) {
        return keyline.engine().capacity().snapshot().tables().stream().filter(t -> t.tableName().equals(table)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> state() throws Exception {
        HttpResponse<String> r = get(DashboardPages.STATE);
        assertThat(r.statusCode()).isEqualTo(200);
        return (Map<String, Object>) Json.parse(r.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> resources(Map<String, Object> state, String table) {
        return ((List<Map<String, Object>>) state.get("tables")).stream().filter(t -> table.equals(t.get("name")))
                .map(t -> (List<Map<String, Object>>) t.get("resources")).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> banners(Map<String, Object> state) {
        return (List<Map<String, Object>>) state.get("banners");
    }

    private static double number(Object jsonNumber) { return ((Number) jsonNumber).doubleValue(); }

    private static double sum(List<?> values) {
        return values.stream().mapToDouble(v -> ((Number) v).doubleValue()).sum();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(keyline.endpoint().resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
