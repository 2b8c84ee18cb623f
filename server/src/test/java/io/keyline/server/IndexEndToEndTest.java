package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.engine.config.Settings;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import io.keyline.time.SystemClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Secondary indexes through the AWS SDK for Java v2: LSI and GSI queries (paging, projections,
 * multi-attribute keys), DynamoDB's errors, online GSI creation seen in DescribeTable, GSI
 * eventual consistency with a lag on a manual clock, and the LSI item-collection limit.
 */
class IndexEndToEndTest {
    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory();

    private static void createOrders(DynamoDbClient db, String name) {
        db.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("customer").keyType(KeyType.HASH), k -> k.attributeName("order").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("customer").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("order").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("price").attributeType(ScalarAttributeType.N),
                        a -> a.attributeName("status").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("region").attributeType(ScalarAttributeType.S))
                .localSecondaryIndexes(l -> l.indexName("byPrice")
                        .keySchema(k -> k.attributeName("customer").keyType(KeyType.HASH), k -> k.attributeName("price").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                .globalSecondaryIndexes(g -> g.indexName("byStatus")
                                .keySchema(k -> k.attributeName("status").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("price")),
                        g -> g.indexName("byStatusRegion")
                                .keySchema(k -> k.attributeName("status").keyType(KeyType.HASH),
                                        k -> k.attributeName("region").keyType(KeyType.HASH),
                                        k -> k.attributeName("price").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    private static Map<String, AttributeValue> order(int customer, int order, String status, String region, int total) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("customer", AttributeValue.fromS("c" + customer));
        item.put("order", AttributeValue.fromS("o" + order));
        if (status != null) item.put("status", AttributeValue.fromS(status));
        item.put("region", AttributeValue.fromS(region));
        item.put("price", AttributeValue.fromN(Integer.toString(total)));
        item.put("note", AttributeValue.fromS("note " + order));
        return item;
    }

    /** Queries a GSI until it returns {@code expected} items: GSIs are eventually consistent. */
    private static List<Map<String, AttributeValue>> awaitGsi(DynamoDbClient db, String table, int expected, String index,
                                                              String condition, Map<String, AttributeValue> values) {
        Map<String, String> names = new HashMap<>();
        for (String n : List.of("status", "region", "price")) if (condition.contains("#" + n.charAt(0))) names.put("#" + n.charAt(0), n);
        List<Map<String, AttributeValue>> items = List.of();
        for (int attempt = 0; attempt < 500 && items.size() != expected; attempt++) {
            items = db.queryPaginator(b -> b.tableName(table).indexName(index).keyConditionExpression(condition)
                    .expressionAttributeNames(names).expressionAttributeValues(values)).items().stream().toList();
        }
        return items;
    }

    @Test void lsiAndGsiQueriesThroughTheSdk() {
        DynamoDbClient db = keyline.client();
        createOrders(db, "orders");
        for (int i = 0; i < 30; i++) {
            Map<String, AttributeValue> item = order(i % 3, i, i % 2 == 0 ? "open" : null, "eu", i);
            db.putItem(b -> b.tableName("orders").item(item));
        }

        QueryResponse lsi = db.query(b -> b.tableName("orders").indexName("byPrice").consistentRead(true)
                .keyConditionExpression("customer = :c AND price BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":c", AttributeValue.fromS("c0"), ":lo", AttributeValue.fromN("3"),
                        ":hi", AttributeValue.fromN("9"))));
        assertThat(lsi.items()).extracting(i -> i.get("price").n()).containsExactly("3", "6", "9");
        assertThat(lsi.items().get(0)).containsOnlyKeys("customer", "order", "price");
        QueryResponse fetched = db.query(b -> b.tableName("orders").indexName("byPrice").select(Select.ALL_ATTRIBUTES)
                .keyConditionExpression("customer = :c AND price = :t")
                .expressionAttributeValues(Map.of(":c", AttributeValue.fromS("c0"), ":t", AttributeValue.fromN("3"))));
        assertThat(fetched.items().get(0).get("note").s()).isEqualTo("note 3");

        List<Map<String, AttributeValue>> open = awaitGsi(db, "orders", 15, "byStatus", "#s = :s",
                Map.of(":s", AttributeValue.fromS("open")));
        assertThat(open).hasSize(15);
        assertThat(open.get(0)).containsOnlyKeys("customer", "order", "status", "price");
        QueryResponse page = db.query(b -> b.tableName("orders").indexName("byStatus").limit(4).keyConditionExpression("#s = :s")
                .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(Map.of(":s", AttributeValue.fromS("open"))));
        assertThat(page.lastEvaluatedKey()).containsOnlyKeys("status", "customer", "order");

        List<Map<String, AttributeValue>> multi = awaitGsi(db, "orders", 3, "byStatusRegion",
                "#s = :s AND #r = :r AND #p < :t", Map.of(":s", AttributeValue.fromS("open"), ":r", AttributeValue.fromS("eu"),
                        ":t", AttributeValue.fromN("6")));
        assertThat(multi).extracting(i -> i.get("price").n()).containsExactly("0", "2", "4");

        assertThatThrownBy(() -> db.query(b -> b.tableName("orders").indexName("byStatus").consistentRead(true)
                .keyConditionExpression("#s = :s").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("open")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Consistent reads are not supported on global secondary indexes");
        assertThatThrownBy(() -> db.putItem(b -> b.tableName("orders").item(Map.of("customer", AttributeValue.fromS("c9"),
                "order", AttributeValue.fromS("o1"), "status", AttributeValue.fromN("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Type mismatch for Index Key status Expected: S Actual: N IndexName: byStatus");
    }

    @Test void aGsiAddedByUpdateTableIsBackfilledAndDescribed() throws InterruptedException {
        DynamoDbClient db = keyline.client();
        db.createTable(b -> b.tableName("late").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("p").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("p").attributeType(ScalarAttributeType.S)));
        for (int i = 0; i < 500; i++) {
            int n = i;
            db.putItem(b -> b.tableName("late").item(Map.of("p", AttributeValue.fromS("k" + n), "x", AttributeValue.fromS("v" + n % 5))));
        }
        var created = db.updateTable(b -> b.tableName("late")
                .attributeDefinitions(a -> a.attributeName("x").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("byX")
                        .keySchema(k -> k.attributeName("x").keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL)))));
        assertThat(created.tableDescription().globalSecondaryIndexes().get(0).indexStatus()).isEqualTo(IndexStatus.CREATING);
        assertThat(keyline.engine().indexes().awaitBackfills(Duration.ofSeconds(30))).as("backfill ended").isTrue();
        GlobalSecondaryIndexDescription gsi = db.describeTable(b -> b.tableName("late")).table().globalSecondaryIndexes().get(0);
        assertThat(gsi.indexStatus()).isEqualTo(IndexStatus.ACTIVE);
        assertThat(gsi.backfilling()).isNull();
        assertThat(gsi.itemCount()).isEqualTo(500);
        assertThat(gsi.indexSizeBytes()).isPositive();
        assertThat(gsi.indexArn()).endsWith(":table/late/index/byX");
        assertThat(db.query(b -> b.tableName("late").indexName("byX").keyConditionExpression("x = :x")
                .expressionAttributeValues(Map.of(":x", AttributeValue.fromS("v3")))).count()).isEqualTo(100);
    }

    @Test void theItemCollectionLimitAndMetrics() {
        DynamoDbClient db = keyline.client();
        createOrders(db, "collections");
        var r = db.putItem(b -> b.tableName("collections").item(order(1, 1, "open", "eu", 1))
                .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE));
        assertThat(r.itemCollectionMetrics().itemCollectionKey()).isEqualTo(Map.of("customer", AttributeValue.fromS("c1")));
        assertThat(r.itemCollectionMetrics().sizeEstimateRangeGB()).containsExactly(0.0, 1.0);
    }

    /** With a GSI lag on a manual clock, a GSI read right after a write misses it; after the lag it is there. */
    @Nested
    class EventualConsistency {
        final ManualClock clock = new ManualClock(SystemClock.INSTANCE.now());
        @RegisterExtension
        final KeylineExtension lagging = KeylineExtension.inMemory(
                Settings.defaults().withGsiLag(Duration.ofSeconds(1)).withItemCollectionLimitBytes(1_000), clock);

        @Test void aGsiReadRightAfterAWriteMissesItUntilTheLagHasPassed() throws InterruptedException {
            DynamoDbClient db = lagging.client();
            createOrders(db, "lagged");
            db.putItem(b -> b.tableName("lagged").item(order(1, 1, "open", "eu", 10)));
            Map<String, AttributeValue> values = Map.of(":s", AttributeValue.fromS("open"));
            assertThat(db.query(b -> b.tableName("lagged").indexName("byStatus").keyConditionExpression("#s = :s")
                    .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(values)).count()).isZero();
            assertThat(db.query(b -> b.tableName("lagged").indexName("byPrice").consistentRead(true)
                    .keyConditionExpression("customer = :c").expressionAttributeValues(Map.of(":c", AttributeValue.fromS("c1"))))
                    .count()).as("an LSI is strongly consistent").isEqualTo(1);
            clock.advance(Duration.ofSeconds(1));
            // awaitIdle wakes the propagator, which sees the moved clock at once, and waits for the log to empty
            assertThat(lagging.engine().indexes().propagator().awaitIdle(Duration.ofSeconds(10))).isTrue();
            List<Map<String, AttributeValue>> seen = db.query(b -> b.tableName("lagged").indexName("byStatus").keyConditionExpression("#s = :s")
                    .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(values)).items();
            assertThat(seen).hasSize(1);
        }

        @Test void anItemCollectionStopsGrowingAtTheConfiguredLimit() {
            DynamoDbClient db = lagging.client();
            createOrders(db, "capped");
            assertThatThrownBy(() -> {
                for (int i = 0; i < 20; i++) {
                    Map<String, AttributeValue> item = bigOrder(i);
                    db.putItem(b -> b.tableName("capped").item(item));
                }
            }).isInstanceOf(ItemCollectionSizeLimitExceededException.class);
            db.deleteItem(b -> b.tableName("capped").key(Map.of("customer", AttributeValue.fromS("c1"), "order", AttributeValue.fromS("o0"))));
        }

        private Map<String, AttributeValue> bigOrder(int i) {
            Map<String, AttributeValue> item = order(1, i, "open", "eu", i);
            item.put("pad", AttributeValue.fromS("z".repeat(200)));
            return item;
        }
    }
}
