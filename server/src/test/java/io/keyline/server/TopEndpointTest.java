package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.engine.config.Settings;
import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;

/**
 * {@code GET /admin/top} through the server on the manual clock: a hot key on an on-demand table
 * throttles at its partition's ceiling (docs/RULES.md#CAP-PARTITION-WRITE), and the document names
 * the reason, the units the capacity model counted, and the hot partition; a minute later it is quiet.
 */
class TopEndpointTest {
    private final ManualClock clock = new ManualClock();

    @RegisterExtension final KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);

    private DynamoDbClient client() { return keyline.noRetryClient(); }

    @Test void aThrottledHotKeyShowsItsReasonUnitsAndPartition() {
        int accepted = 0;
        try (DynamoDbClient db = client()) {
            db.createTable(b -> b.tableName("Hot").billingMode("PAY_PER_REQUEST")
                    .attributeDefinitions(a -> a.attributeName("p").attributeType("S"), a -> a.attributeName("day").attributeType("S"))
                    .keySchema(k -> k.attributeName("p").keyType("HASH"))
                    .globalSecondaryIndexes(g -> g.indexName("ByDay").keySchema(k -> k.attributeName("day").keyType("HASH"))
                            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
            // 100 KB items (100 WCU each) to one key: its partition's ceiling and burst give way within the second
            Map<String, AttributeValue> item = Map.of("p", AttributeValue.fromS("hot-key"),
                    "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[100 * 1024 - 10])));
            boolean throttled = false;
            while (!throttled && accepted < 500) {
                try {
                    db.putItem(b -> b.tableName("Hot").item(item));
                    accepted++;
                } catch (ProvisionedThroughputExceededException | ThrottlingException e) { // on-demand: ThrottlingException
                    throttled = true;
                }
            }
            assertThat(throttled).as("throttled after %d writes", accepted).isTrue();
        }
        keyline.metrics().sample();
        CapacitySnapshot.MapSnapshot model = keyline.engine().capacity().snapshot().tables().get(0).table();
        CapacitySnapshot.PartitionSnapshot hot = model.partitions().stream().filter(p -> p.consumedWrite() > 0).findFirst().orElseThrow();
        clock.advance(Duration.ofSeconds(1));

        Map<String, Object> doc = top();
        assertThat(doc).containsEntry("mode", "enforce").containsEntry("metrics", true);
        List<Map<String, Object>> resources = list(doc.get("resources"));
        assertThat(resources).extracting(r -> r.get("index")).containsExactly(null, "ByDay");
        Map<String, Object> table = resources.get(0);
        assertThat(table).containsEntry("table", "Hot").containsEntry("billingMode", "PAY_PER_REQUEST")
                .containsEntry("hottestKey", null).containsEntry("hottestKeyNote", "enable Contributor Insights");
        assertThat(number(table, "partitionCount")).isEqualTo(model.partitions().size());
        Map<String, Object> write = map(table.get("write"));
        assertThat(number(write, "lastSecond")).isEqualTo(model.consumedWrite()).isEqualTo(100.0 * accepted);
        assertThat(number(write, "lastMinute")).isEqualTo(model.consumedWrite());
        assertThat(number(write, "available")).isEqualTo(model.servingWrite());
        assertThat(number(write, "partitionCeiling")).isEqualTo(1000.0 * model.partitions().size());
        Map<String, Object> throttles = map(table.get("throttles"));
        Map<String, Object> lastSecond = map(throttles.get("lastSecond"));
        assertThat(lastSecond).containsOnlyKeys("WriteKeyRangeThroughputThrottleEvents", "WriteThrottleEvents");
        assertThat(number(lastSecond, "WriteKeyRangeThroughputThrottleEvents")).isEqualTo(1);
        assertThat(number(map(throttles.get("lastMinute")), "WriteKeyRangeThroughputThrottleEvents")).isEqualTo(1);

        Map<String, Object> partition = map(table.get("hottestPartition"));
        assertThat(partition.get("firstToken")).isEqualTo(String.format(Locale.ROOT, "%016x", hot.startToken()));
        assertThat(number(partition, "position")).isEqualTo(model.partitions().indexOf(hot) + 1);
        assertThat(number(partition, "consumedWrite")).isEqualTo(hot.consumedWrite());
        assertThat(number(partition, "shareOfCeiling")).isEqualTo(hot.consumedWrite() / 1000);
        assertThat(number(partition, "banked")).isEqualTo(hot.banked());

        Map<String, Object> gsi = resources.get(1);
        assertThat(gsi).containsEntry("hottestPartition", null);
        assertThat(map(map(gsi.get("throttles")).get("lastMinute"))).isEmpty();

        clock.advance(Duration.ofSeconds(60));
        Map<String, Object> later = list(top().get("resources")).get(0);
        assertThat(number(map(later.get("write")), "lastMinute")).isZero();
        assertThat(map(map(later.get("throttles")).get("lastMinute"))).isEmpty();
        assertThat(later).containsEntry("hottestPartition", null);
    }

    @Test void withContributorInsightsOnTheHottestKeyIsNamed() {
        try (DynamoDbClient db = client()) {
            db.createTable(b -> b.tableName("Keys").billingMode("PAY_PER_REQUEST")
                    .attributeDefinitions(a -> a.attributeName("p").attributeType("S"))
                    .keySchema(k -> k.attributeName("p").keyType("HASH")));
            db.updateContributorInsights(b -> b.tableName("Keys").contributorInsightsAction("ENABLE"));
            for (int i = 0; i < 30; i++) {
                db.putItem(b -> b.tableName("Keys").item(Map.of("p", AttributeValue.fromS("often"))));
                int n = i;
                db.putItem(b -> b.tableName("Keys").item(Map.of("p", AttributeValue.fromS("once-" + n))));
            }
        }
        keyline.metrics().sample();
        Map<String, Object> table = list(top().get("resources")).get(0);
        assertThat(table).containsEntry("table", "Keys").containsEntry("hottestKey", "often").doesNotContainKey("hottestKeyNote");
    }

    private Map<String, Object> top() {
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("GET", AdminRoutes.TOP, Map.of(), new byte[0]);
            assertThat(r.status()).isEqualTo(200);
            return map(Json.parse(r.body()));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) { return (Map<String, Object>) o; }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object o) { return (List<Map<String, Object>>) o; }

    private static double number(Map<String, Object> m, String name) { return ((Number) m.get(name)).doubleValue(); }
}
