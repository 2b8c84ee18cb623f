package io.keyline.server.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
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
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Datapoint;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricStatisticsResponse;
import software.amazon.awssdk.services.cloudwatch.model.InvalidParameterCombinationException;
import software.amazon.awssdk.services.cloudwatch.model.InvalidParameterValueException;
import software.amazon.awssdk.services.cloudwatch.model.ListMetricsResponse;
import software.amazon.awssdk.services.cloudwatch.model.Metric;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;
import software.amazon.awssdk.services.cloudwatch.model.StandardUnit;
import software.amazon.awssdk.services.cloudwatch.model.Statistic;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The AWS SDK for Java v2 CloudWatch client (Smithy RPC v2 CBOR) against Keyline: it reads
 * ConsumedWriteCapacityUnits back, per minute, equal to the units the PutItems consumed, and
 * lists, pages and refuses as CloudWatch does. Time is the manual clock's.
 */
class CloudWatchSdkTest {
    static final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);
    static CloudWatchClient cloudWatch;
    /** The units each minute's PutItems consumed, as their ConsumedCapacity said. */
    static double firstMinuteUnits;
    static double secondMinuteUnits;

    @BeforeAll static void workload() {
        cloudWatch = CloudWatchClient.builder().endpointOverride(keyline.endpoint()).region(KeylineExtension.REGION)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build();
        DynamoDbClient ddb = keyline.client();
        ddb.createTable(b -> b.tableName("Orders").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"), a -> a.attributeName("day").attributeType("S"))
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .globalSecondaryIndexes(g -> g.indexName("ByDay").keySchema(k -> k.attributeName("day").keyType("HASH"))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
        clock.advance(Duration.ofSeconds(10));
        for (int i = 0; i < 7; i++) firstMinuteUnits += put(ddb, "a" + i, i % 3 == 0 ? 2_500 : 10);
        clock.advance(Duration.ofSeconds(60));
        for (int i = 0; i < 3; i++) secondMinuteUnits += put(ddb, "b" + i, 10);
        clock.advance(Duration.ofSeconds(5));
    }

    @AfterAll static void close() { cloudWatch.close(); }

    private static double put(DynamoDbClient ddb, String id, int padding) {
        return ddb.putItem(b -> b.tableName("Orders").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .item(Map.of("id", AttributeValue.fromS(id), "day", AttributeValue.fromS("d1"),
                        "pad", AttributeValue.fromS("x".repeat(padding))))).consumedCapacity().table().capacityUnits();
    }

    @Test void getMetricStatisticsReadsConsumedWriteCapacityUnitsPerMinute() {
        GetMetricStatisticsResponse r = cloudWatch.getMetricStatistics(b -> b.namespace("AWS/DynamoDB")
                .metricName("ConsumedWriteCapacityUnits").dimensions(table("Orders"))
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:05:00Z"))
                .period(60).statistics(Statistic.SUM, Statistic.SAMPLE_COUNT, Statistic.MAXIMUM));

        assertThat(r.label()).isEqualTo("ConsumedWriteCapacityUnits");
        List<Datapoint> points = r.datapoints();
        assertThat(points).extracting(Datapoint::timestamp)
                .containsExactly(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:01:00Z"));
        assertThat(points.get(0).sum()).isEqualTo(firstMinuteUnits);
        assertThat(points.get(0).sampleCount()).isEqualTo(7);
        assertThat(points.get(0).maximum()).isEqualTo(3);
        assertThat(points.get(1).sum()).isEqualTo(secondMinuteUnits);
        assertThat(points.get(0).unit()).isEqualTo(StandardUnit.COUNT);
        assertThat(points.get(0).average()).isNull();

        CapacitySnapshot.TableSnapshot t = keyline.engine().capacity().snapshot().tables().get(0);
        assertThat(firstMinuteUnits + secondMinuteUnits).isEqualTo(t.table().consumedWrite());
    }

    @Test void aGsiIsItsOwnSeries() {
        GetMetricStatisticsResponse r = cloudWatch.getMetricStatistics(b -> b.namespace("AWS/DynamoDB")
                .metricName("ConsumedWriteCapacityUnits").dimensions(table("Orders"), index("ByDay"))
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T01:00:00Z"))
                .period(3600).statistics(Statistic.SUM));
        CapacitySnapshot.TableSnapshot t = keyline.engine().capacity().snapshot().tables().get(0);
        assertThat(r.datapoints()).singleElement().satisfies(d -> assertThat(d.sum()).isEqualTo(t.globalSecondaryIndexes().get(0).consumedWrite()));
    }

    @Test void getMetricDataReadsTheSameNewestFirstAndPages() {
        GetMetricDataResponse r = cloudWatch.getMetricData(b -> b
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:05:00Z"))
                .metricDataQueries(q -> q.id("writes").metricStat(s -> s.period(60).stat("Sum")
                        .metric(m -> m.namespace("AWS/DynamoDB").metricName("ConsumedWriteCapacityUnits").dimensions(table("Orders"))))));
        assertThat(r.metricDataResults()).singleElement().satisfies(res -> {
            assertThat(res.id()).isEqualTo("writes");
            assertThat(res.label()).isEqualTo("ConsumedWriteCapacityUnits");
            assertThat(res.timestamps()).containsExactly(Instant.parse("2026-01-01T00:01:00Z"), Instant.parse("2026-01-01T00:00:00Z"));
            assertThat(res.values()).containsExactly(secondMinuteUnits, firstMinuteUnits);
            assertThat(res.statusCodeAsString()).isEqualTo("Complete");
        });
        assertThat(r.nextToken()).isNull();

        GetMetricDataResponse first = cloudWatch.getMetricData(b -> b.maxDatapoints(1).scanBy(ScanBy.TIMESTAMP_ASCENDING)
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:05:00Z"))
                .metricDataQueries(q -> q.id("writes").metricStat(s -> s.period(60).stat("Sum")
                        .metric(m -> m.namespace("AWS/DynamoDB").metricName("ConsumedWriteCapacityUnits").dimensions(table("Orders"))))));
        assertThat(first.metricDataResults().get(0).values()).containsExactly(firstMinuteUnits);
        assertThat(first.metricDataResults().get(0).statusCodeAsString()).isEqualTo("PartialData");
        GetMetricDataResponse second = cloudWatch.getMetricData(b -> b.maxDatapoints(1).scanBy(ScanBy.TIMESTAMP_ASCENDING)
                .nextToken(first.nextToken())
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:05:00Z"))
                .metricDataQueries(q -> q.id("writes").metricStat(s -> s.period(60).stat("Sum")
                        .metric(m -> m.namespace("AWS/DynamoDB").metricName("ConsumedWriteCapacityUnits").dimensions(table("Orders"))))));
        assertThat(second.metricDataResults().get(0).values()).containsExactly(secondMinuteUnits);
        assertThat(second.nextToken()).isNull();
    }

    @Test void listMetricsFiltersByNameAndDimensions() {
        ListMetricsResponse all = cloudWatch.listMetrics(b -> b.namespace("AWS/DynamoDB"));
        assertThat(all.metrics()).contains(metric("ConsumedWriteCapacityUnits", table("Orders")),
                metric("ConsumedWriteCapacityUnits", table("Orders"), index("ByDay")),
                metric("SuccessfulRequestLatency", table("Orders"), Dimension.builder().name("Operation").value("PutItem").build()));
        assertThat(all.metrics()).allSatisfy(m -> assertThat(m.metricName()).doesNotStartWith("Partition"));

        ListMetricsResponse gsi = cloudWatch.listMetrics(b -> b.metricName("ConsumedWriteCapacityUnits")
                .dimensions(d -> d.name("GlobalSecondaryIndexName")));
        assertThat(gsi.metrics()).containsExactly(metric("ConsumedWriteCapacityUnits", table("Orders"), index("ByDay")));

        ListMetricsResponse byValue = cloudWatch.listMetrics(b -> b.dimensions(d -> d.name("TableName").value("Other")));
        assertThat(byValue.metrics()).isEmpty();
        assertThat(cloudWatch.listMetrics(b -> b.namespace("AWS/EC2")).metrics()).isEmpty();
    }

    @Test void errorsAreCloudWatchs() {
        assertThatThrownBy(() -> cloudWatch.getMetricStatistics(b -> b.namespace("AWS/DynamoDB")
                .metricName("ConsumedWriteCapacityUnits").dimensions(table("Orders"))
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-02T00:01:00Z"))
                .period(60).statistics(Statistic.SUM)))
                .isInstanceOfSatisfying(InvalidParameterCombinationException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterCombination");
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("You have requested up to 1441 datapoints, which exceeds the limit "
                            + "of 1440. You may reduce the datapoints requested by increasing Period, or decreasing the time range.");
                    assertThat(e.statusCode()).isEqualTo(400);
                });
        assertThatThrownBy(() -> cloudWatch.getMetricStatistics(b -> b.namespace("AWS/DynamoDB")
                .metricName("ConsumedWriteCapacityUnits").startTime(Instant.parse("2026-01-01T00:00:00Z"))
                .endTime(Instant.parse("2026-01-01T00:05:00Z")).period(45).statistics(Statistic.SUM)))
                .isInstanceOf(InvalidParameterValueException.class)
                .hasMessageContaining("The parameter Period must be 1, 5, 10, 30, or a multiple of 60.");
    }

    private static Metric metric(String name, Dimension... dimensions) {
        return Metric.builder().namespace("AWS/DynamoDB").metricName(name).dimensions(dimensions).build();
    }

    private static Dimension table(String name) { return Dimension.builder().name("TableName").value(name).build(); }

    private static Dimension index(String name) { return Dimension.builder().name("GlobalSecondaryIndexName").value(name).build(); }
}
