package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.config.Settings;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Datapoint;
import software.amazon.awssdk.services.cloudwatch.model.Statistic;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One server, two regions with a table of the same name (docs/RULES.md#NS-REGION): each region's
 * metrics are its own. The second region's capacity model is made after the server started, and
 * is observed all the same; CloudWatch answers from the region a request is signed for,
 * Prometheus labels the region, {@code /admin/top} and the dashboard show the default region or
 * the one {@code ?region=} names. On the manual clock, figures exact.
 */
class MetricsPerRegionTest {
    static final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);
    static final Namespace US = new Namespace("000000000000", "us-east-1");
    static final Namespace EU = new Namespace("000000000000", "eu-west-1");
    static DynamoDbClient eu;
    static CloudWatchClient usWatch;
    static CloudWatchClient euWatch;

    @BeforeAll static void workload() {
        eu = DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(Region.EU_WEST_1)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build();
        usWatch = cloudWatch(Region.US_EAST_1);
        euWatch = cloudWatch(Region.EU_WEST_1);
        create(keyline.client(), "Orders");
        create(eu, "Orders");
        create(eu, "EuOnly");
        clock.advance(Duration.ofSeconds(10));
        for (int i = 0; i < 3; i++) put(keyline.client(), "Orders", "u" + i, 10);          // 1 WCU each
        for (int i = 0; i < 5; i++) put(eu, "Orders", "e" + i, 1_500);                      // 2 WCU each
        put(eu, "EuOnly", "x", 10);
        clock.advance(Duration.ofSeconds(2));
        keyline.metrics().sample();
        clock.advance(Duration.ofSeconds(60));
    }

    @AfterAll static void close() {
        eu.close();
        usWatch.close();
        euWatch.close();
    }

    private static CloudWatchClient cloudWatch(Region region) {
        return CloudWatchClient.builder().endpointOverride(keyline.endpoint()).region(region)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static void create(DynamoDbClient db, String name) {
        db.createTable(b -> b.tableName(name).billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"))
                .keySchema(k -> k.attributeName("id").keyType("HASH")));
    }

    private static void put(DynamoDbClient db, String table, String id, int padding) {
        db.putItem(b -> b.tableName(table).item(Map.of("id", AttributeValue.fromS(id), "pad", AttributeValue.fromS("x".repeat(padding)))));
    }

    private static CapacitySnapshot.MapSnapshot model(Namespace ns, String table) {
        return keyline.engine().capacity().model(ns).snapshot().tables().stream()
                .filter(t -> t.tableName().equals(table)).findFirst().orElseThrow().table();
    }

    @Test void eachRegionsSeriesEqualItsOwnCapacityModel() {
        MetricsStore store = keyline.metrics().store();
        assertThat(store.total(SeriesKey.of(US, "Orders", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS)))
                .isEqualTo(model(US, "Orders").consumedWrite()).isEqualTo(3);
        assertThat(store.total(SeriesKey.of(EU, "Orders", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS)))
                .isEqualTo(model(EU, "Orders").consumedWrite()).isEqualTo(10);
        assertThat(store.count(SeriesKey.operation(US, "Orders", Metric.SUCCESSFUL_REQUEST_LATENCY, "PutItem"))).isEqualTo(3);
        assertThat(store.count(SeriesKey.operation(EU, "Orders", Metric.SUCCESSFUL_REQUEST_LATENCY, "PutItem"))).isEqualTo(5);
        assertThat(store.last(SeriesKey.of(EU, "EuOnly", null, Metric.PARTITION_COUNT))).as("the eu model is sampled").isEqualTo(4);
        assertThat(keyline.metrics().namespaces()).containsExactly(US, EU);
    }

    @Test void cloudWatchAnswersFromTheRegionTheRequestIsSignedFor() {
        assertThat(sum(usWatch, "Orders")).isEqualTo(3);
        assertThat(sum(euWatch, "Orders")).isEqualTo(10);
        assertThat(usWatch.listMetrics(b -> b.namespace("AWS/DynamoDB")).metrics())
                .noneMatch(m -> m.dimensions().stream().anyMatch(d -> d.value().equals("EuOnly")));
        assertThat(euWatch.listMetrics(b -> b.namespace("AWS/DynamoDB").metricName("ConsumedWriteCapacityUnits")).metrics())
                .extracting(m -> m.dimensions().get(0).value()).containsExactlyInAnyOrder("EuOnly", "Orders");
    }

    private static double sum(CloudWatchClient cw, String table) {
        List<Datapoint> points = cw.getMetricStatistics(b -> b.namespace("AWS/DynamoDB").metricName("ConsumedWriteCapacityUnits")
                .dimensions(d -> d.name("TableName").value(table))
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:05:00Z"))
                .period(60).statistics(Statistic.SUM)).datapoints();
        return points.stream().mapToDouble(Datapoint::sum).sum();
    }

    @Test void prometheusLabelsTheRegion() {
        String text = get(AdminRoutes.METRICS).text();
        assertThat(text).contains("dynamodb_consumed_write_capacity_units_total{region=\"us-east-1\",table=\"Orders\"} 3.0")
                .contains("dynamodb_consumed_write_capacity_units_total{region=\"eu-west-1\",table=\"Orders\"} 10.0");
    }

    @Test void topAndTheDashboardShowTheDefaultRegionOrTheOneAskedFor() {
        Map<String, Object> us = json(AdminRoutes.TOP);
        assertThat(us).containsEntry("region", "us-east-1");
        assertThat(list(us.get("resources"))).extracting(r -> r.get("table")).containsExactly("Orders");
        Map<String, Object> euTop = json(AdminRoutes.TOP + "?region=eu-west-1");
        assertThat(euTop).containsEntry("region", "eu-west-1");
        assertThat(list(euTop.get("resources"))).extracting(r -> r.get("table")).containsExactlyInAnyOrder("Orders", "EuOnly");
        assertThat(json(AdminRoutes.TOP + "?region=ap-south-1").get("resources")).as("a region without tables").isEqualTo(List.of());

        Map<String, Object> dashboard = json(DashboardPages.STATE + "?region=eu-west-1");
        assertThat(dashboard).containsEntry("region", "eu-west-1").containsEntry("regions", List.of("us-east-1", "eu-west-1"));
        assertThat(list(dashboard.get("tables"))).extracting(t -> t.get("name")).containsExactlyInAnyOrder("Orders", "EuOnly");
        assertThat(list(json(DashboardPages.STATE).get("tables"))).extracting(t -> t.get("name")).containsExactly("Orders");
    }

    private static RawHttp.Response get(String path) {
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("GET", path, Map.of(), new byte[0]);
            assertThat(r.status()).isEqualTo(200);
            return r;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String path) { return (Map<String, Object>) Json.parse(get(path).body()); }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object o) { return (List<Map<String, Object>>) o; }
}
