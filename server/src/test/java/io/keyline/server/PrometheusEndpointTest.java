package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.server.testing.KeylineExtension;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.hawkular.agent.prometheus.text.TextPrometheusMetricsProcessor;
import org.hawkular.agent.prometheus.types.Counter;
import org.hawkular.agent.prometheus.types.MetricFamily;
import org.hawkular.agent.prometheus.types.Summary;
import org.hawkular.agent.prometheus.walkers.CollectorPrometheusMetricsWalker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** {@code GET /metrics}: Prometheus' text format, read back with a Prometheus text-format parser. */
class PrometheusEndpointTest {
    /** Every series is labelled with the region of its table (the server's default region here). */
    private static final String REGION = "us-east-1";

    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory();

    @Test void metricsParseAsPrometheusTextAndMatchTheCapacityModel() throws Exception {
        DynamoDbClient ddb = keyline.client();
        ddb.createTable(b -> b.tableName("Orders").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"), a -> a.attributeName("day").attributeType("S"))
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .globalSecondaryIndexes(g -> g.indexName("ByDay").keySchema(k -> k.attributeName("day").keyType("HASH"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        for (int i = 0; i < 20; i++) {
            String id = "o" + i;
            ddb.putItem(b -> b.tableName("Orders").item(Map.of("id", AttributeValue.fromS(id), "day", AttributeValue.fromS("d"))));
        }
        ddb.query(b -> b.tableName("Orders").keyConditionExpression("id = :id")
                .expressionAttributeValues(Map.of(":id", AttributeValue.fromS("o1"))));
        try {
            ddb.putItem(b -> b.tableName("Orders").item(Map.of("id", AttributeValue.fromS("o1")))
                    .conditionExpression("attribute_not_exists(id)"));
        } catch (ConditionalCheckFailedException expected) {
            // counted as ConditionalCheckFailedRequests
        }
        keyline.metrics().sample();

        HttpResponse<byte[]> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(keyline.endpoint().resolve("/metrics")).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));

        CollectorPrometheusMetricsWalker walker = new CollectorPrometheusMetricsWalker();
        new TextPrometheusMetricsProcessor(new ByteArrayInputStream(r.body()), walker).walk();
        Map<String, MetricFamily> families = walker.getAllMetricFamilies().stream()
                .collect(Collectors.toMap(MetricFamily::getName, f -> f));

        CapacitySnapshot.TableSnapshot t = keyline.engine().capacity().snapshot().tables().get(0);
        MetricFamily writes = family(families, "dynamodb_consumed_write_capacity_units");
        assertThat(value(writes, Map.of("region", REGION, "table", "Orders"))).isEqualTo(t.table().consumedWrite());
        assertThat(value(writes, Map.of("region", REGION, "table", "Orders", "index", "ByDay"))).isEqualTo(t.globalSecondaryIndexes().get(0).consumedWrite());
        assertThat(t.table().consumedWrite()).isGreaterThanOrEqualTo(20);

        MetricFamily latency = family(families, "dynamodb_successful_request_latency_milliseconds");
        Summary puts = (Summary) latency.getMetrics().stream()
                .filter(m -> m.getLabels().equals(Map.of("region", REGION, "table", "Orders", "operation", "PutItem"))).findFirst().orElseThrow();
        assertThat(puts.getSampleCount()).isEqualTo(20);
        assertThat(value(family(families, "dynamodb_returned_item_count"), Map.of("region", REGION, "table", "Orders", "operation", "Query"))).isEqualTo(1);
        assertThat(value(family(families, "dynamodb_conditional_check_failed_requests"), Map.of("region", REGION, "table", "Orders"))).isEqualTo(1);
        assertThat(families.keySet()).anyMatch(n -> n.startsWith("keyline_partition_count"));
    }

    private static MetricFamily family(Map<String, MetricFamily> families, String name) {
        MetricFamily f = families.get(name);
        if (f == null) f = families.get(name + "_total");
        assertThat(f).as("family %s in %s", name, families.keySet()).isNotNull();
        return f;
    }

    private static double value(MetricFamily f, Map<String, String> labels) {
        List<Double> values = f.getMetrics().stream().filter(m -> m.getLabels().equals(labels))
                .map(m -> ((Counter) m).getValue()).toList();
        assertThat(values).as("%s%s", f.getName(), labels).hasSize(1);
        return values.get(0);
    }
}
