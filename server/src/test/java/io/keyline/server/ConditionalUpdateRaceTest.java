package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.KeylineExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Per-item atomicity of conditional writes: many clients race optimistic-concurrency updates
 * (read the version, write version+1 if it is unchanged) on one item; every success must be a
 * distinct version, and the final counter must equal the number of successes: nothing lost.
 */
class ConditionalUpdateRaceTest {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();

    @Test void noConditionalUpdateIsLost() throws Exception {
        DynamoDbClient c = keyline.client();
        c.createTable(b -> b.tableName("race").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(KeySchemaElement.builder().attributeName("p").keyType(KeyType.HASH).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName("p").attributeType(ScalarAttributeType.S).build()));
        Map<String, AttributeValue> key = Map.of("p", AttributeValue.fromS("hot"));
        c.putItem(b -> b.tableName("race").item(Map.of("p", AttributeValue.fromS("hot"), "version", AttributeValue.fromN("0"),
                "count", AttributeValue.fromN("0"))));

        int threads = 8;
        int attemptsPerThread = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            results.add(pool.submit(() -> {
                int won = 0;
                for (int i = 0; i < attemptsPerThread; i++) {
                    String version = c.getItem(b -> b.tableName("race").key(key).consistentRead(true)).item().get("version").n();
                    try {
                        c.updateItem(b -> b.tableName("race").key(key)
                                .updateExpression("SET version = version + :one, #c = #c + :one")
                                .conditionExpression("version = :seen")
                                .expressionAttributeNames(Map.of("#c", "count"))
                                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":seen", AttributeValue.fromN(version))));
                        won++;
                    } catch (ConditionalCheckFailedException lost) {
                        // another client got there first: expected under contention
                    }
                }
                return won;
            }));
        }
        int successes = 0;
        for (Future<Integer> f : results) successes += f.get();
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        Map<String, AttributeValue> item = c.getItem(b -> b.tableName("race").key(key).consistentRead(true)).item();
        assertThat(successes).isPositive();
        assertThat(Integer.parseInt(item.get("count").n())).isEqualTo(successes);
        assertThat(Integer.parseInt(item.get("version").n())).isEqualTo(successes);

        // Unconditional increments from every thread: the total is exact.
        ExecutorService adders = Executors.newFixedThreadPool(threads);
        List<Future<?>> adds = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            adds.add(adders.submit(() -> {
                for (int i = 0; i < 50; i++) {
                    c.updateItem(b -> b.tableName("race").key(key).updateExpression("ADD #c :one")
                            .expressionAttributeNames(Map.of("#c", "count"))
                            .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
                }
            }));
        }
        for (Future<?> f : adds) f.get();
        adders.shutdown();
        item = c.getItem(b -> b.tableName("race").key(key).consistentRead(true)).item();
        assertThat(Integer.parseInt(item.get("count").n())).isEqualTo(successes + threads * 50);
    }
}
