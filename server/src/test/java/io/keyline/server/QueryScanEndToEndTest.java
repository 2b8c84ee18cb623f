package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Query and Scan through the AWS SDK for Java v2 against the server: a 5 MB partition paged by
 * the SDK's paginator, a 4-segment parallel scan, and DynamoDB's errors as SDK exceptions.
 */
class QueryScanEndToEndTest {
    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory();

    private static final int BIG_ITEMS = 500;
    private static final int PAYLOAD = 10_000;
    private static final int SMALL_PARTITIONS = 300;

    @BeforeAll
    static void fill() {
        DynamoDbClient db = keyline.client();
        db.createTable(b -> b.tableName("events").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("p").keyType(KeyType.HASH), k -> k.attributeName("c").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("p").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("c").attributeType(ScalarAttributeType.N)));
        String payload = "x".repeat(PAYLOAD);
        for (int i = 0; i < BIG_ITEMS; i++) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put("p", AttributeValue.fromS("big"));
            item.put("c", AttributeValue.fromN(Integer.toString(i)));
            item.put("v", AttributeValue.fromS(payload));
            db.putItem(b -> b.tableName("events").item(item));
        }
        for (int i = 0; i < SMALL_PARTITIONS; i++) {
            int n = i;
            db.putItem(b -> b.tableName("events").item(Map.of("p", AttributeValue.fromS("s" + n), "c", AttributeValue.fromN("0"),
                    "even", AttributeValue.fromBool(n % 2 == 0))));
        }
    }

    @Test
    void aFiveMegabytePartitionComesBackInPagesUnderOneMegabyteEveryItemOnce() {
        QueryRequest request = QueryRequest.builder().tableName("events").keyConditionExpression("p = :p")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("big"))).build();
        List<Integer> seen = new ArrayList<>();
        int pages = 0;
        for (QueryResponse page : keyline.client().queryPaginator(request)) {
            pages++;
            assertThat((long) page.count() * (PAYLOAD + 10)).isLessThanOrEqualTo(1024 * 1024);
            page.items().forEach(item -> seen.add(Integer.parseInt(item.get("c").n())));
        }
        assertThat(pages).isGreaterThanOrEqualTo(5);
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < BIG_ITEMS; i++) expected.add(i);
        assertThat(seen).isEqualTo(expected);
    }

    @Test
    void reverseQueryWithLimitAndSortKeyCondition() {
        QueryResponse r = keyline.client().query(b -> b.tableName("events").keyConditionExpression("p = :p AND c BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("big"), ":lo", AttributeValue.fromN("10"), ":hi", AttributeValue.fromN("20")))
                .scanIndexForward(false).limit(3).projectionExpression("c"));
        assertThat(r.items()).extracting(i -> i.get("c").n()).containsExactly("20", "19", "18");
        assertThat(r.items().get(0)).containsOnlyKeys("c");
        assertThat(r.lastEvaluatedKey()).containsOnlyKeys("p", "c");
    }

    @Test
    void fourParallelSegmentsTogetherReturnEveryItemOnce() {
        Set<String> keys = new HashSet<>();
        int total = 0;
        for (int segment = 0; segment < 4; segment++) {
            int s = segment;
            ScanRequest request = ScanRequest.builder().tableName("events").segment(s).totalSegments(4)
                    .projectionExpression("p, c").build();
            for (ScanResponse page : keyline.client().scanPaginator(request)) {
                for (Map<String, AttributeValue> item : page.items()) {
                    keys.add(item.get("p").s() + "/" + item.get("c").n());
                    total++;
                }
            }
        }
        assertThat(total).isEqualTo(BIG_ITEMS + SMALL_PARTITIONS);
        assertThat(keys).hasSize(BIG_ITEMS + SMALL_PARTITIONS);
    }

    @Test
    void scanFilterCountsAfterTheFilterAndScannedCountBefore() {
        ScanResponse r = keyline.client().scan(b -> b.tableName("events").filterExpression("even = :t")
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromBool(true))).select(Select.COUNT).limit(50));
        assertThat(r.scannedCount()).isEqualTo(50);
        assertThat(r.count()).isLessThanOrEqualTo(50);
        assertThat(r.items()).isEmpty();
    }

    @Test
    void badRequestsAreValidationExceptions() {
        assertThatThrownBy(() -> keyline.client().query(b -> b.tableName("events").keyConditionExpression("c = :c")
                .expressionAttributeValues(Map.of(":c", AttributeValue.fromN("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageStartingWith("Query condition missed key schema element: p");
        assertThatThrownBy(() -> keyline.client().scan(b -> b.tableName("events")
                .exclusiveStartKey(Map.of("p", AttributeValue.fromN("1"), "c", AttributeValue.fromN("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageStartingWith("The provided starting key is invalid: The provided key element does not match the schema");
    }
}
