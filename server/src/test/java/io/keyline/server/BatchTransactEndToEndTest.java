package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.keyline.engine.api.ItemRef;
import io.keyline.metadata.PrimaryKey;
import io.keyline.engine.config.Settings;
import io.keyline.model.AttributeValue;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** BatchGetItem, BatchWriteItem, TransactGetItems and TransactWriteItems through the AWS SDK for Java v2. */
class BatchTransactEndToEndTest {
    static final ManualClock clock = new ManualClock();

    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory(Settings.defaults(), clock);

    static DynamoDbClient ddb;

    @BeforeAll static void tables() {
        ddb = keyline.client();
        for (String name : List.of("users", "orders", "acct")) {
            ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build()));
        }
    }

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue s(String v) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(v);
    }

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue n(long v) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN(Long.toString(v));
    }

    static WriteRequest put(String id, String name) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of("id", s(id), "name", s(name))).build()).build();
    }

    @Test void batchWriteThenBatchGetOverTwoTables() {
        BatchWriteItemResponse w = ddb.batchWriteItem(b -> b.requestItems(Map.of(
                "users", List.of(put("u1", "ann"), put("u2", "bob")),
                "orders", List.of(put("o1", "book")))));
        assertThat(w.unprocessedItems()).isEmpty();
        BatchGetItemResponse r = ddb.batchGetItem(b -> b.requestItems(Map.of(
                "users", KeysAndAttributes.builder().keys(Map.of("id", s("u1")), Map.of("id", s("u2")), Map.of("id", s("nobody")))
                        .projectionExpression("#n").expressionAttributeNames(Map.of("#n", "name")).consistentRead(true).build(),
                "orders", KeysAndAttributes.builder().keys(Map.of("id", s("o1"))).build())));
        assertThat(r.responses().get("users")).containsExactlyInAnyOrder(Map.of("name", s("ann")), Map.of("name", s("bob")));
        assertThat(r.responses().get("orders")).containsExactly(Map.of("id", s("o1"), "name", s("book")));
        assertThat(r.unprocessedKeys()).isEmpty();
    }

    @Test void batchDuplicatesAreValidationErrors() {
        assertThatThrownBy(() -> ddb.batchWriteItem(b -> b.requestItems(Map.of("users", List.of(put("d", "x"), put("d", "y"))))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageStartingWith("Provided list of item keys contains duplicates")
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
    }

    @Test void transactionCommitsAllOrReportsEveryReason() {
        ddb.putItem(b -> b.tableName("users").item(Map.of("id", s("t1"), "v", n(1))));
        TransactionCanceledException e = catchThrowableOfType(() -> ddb.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName("orders").item(Map.of("id", s("t-order")))).build(),
                TransactWriteItem.builder().update(u -> u.tableName("users").key(Map.of("id", s("t1")))
                        .updateExpression("SET v = v + :one").conditionExpression("v = :two")
                        .expressionAttributeValues(Map.of(":one", n(1), ":two", n(2)))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build())),
                TransactionCanceledException.class);
        assertThat(e.hasCancellationReasons()).isTrue();
        assertThat(e.cancellationReasons()).extracting(CancellationReason::code).containsExactly("None", "ConditionalCheckFailed");
        assertThat(e.cancellationReasons().get(1).item()).isEqualTo(Map.of("id", s("t1"), "v", n(1)));
        assertThat(e.getMessage()).startsWith("Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]");
        assertThat(ddb.getItem(b -> b.tableName("orders").key(Map.of("id", s("t-order")))).hasItem()).isFalse();

        ddb.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName("orders").item(Map.of("id", s("t-order")))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName("users").key(Map.of("id", s("t1"))).conditionExpression("v = :one")
                        .expressionAttributeValues(Map.of(":one", n(1)))).build()));
        var got = ddb.transactGetItems(b -> b.transactItems(
                TransactGetItem.builder().get(g -> g.tableName("orders").key(Map.of("id", s("t-order")))).build(),
                TransactGetItem.builder().get(g -> g.tableName("users").key(Map.of("id", s("missing")))).build()));
        assertThat(got.responses()).hasSize(2);
        assertThat(got.responses().get(0).item()).isEqualTo(Map.of("id", s("t-order")));
        assertThat(got.responses().get(1).hasItem()).isFalse();
    }

    @Test void clientRequestTokenIsIdempotentForTenMinutes() {
        ddb.putItem(b -> b.tableName("users").item(Map.of("id", s("ctr"), "n", n(0))));
        Runnable increment = () -> ddb.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(
                TransactWriteItem.builder().update(u -> u.tableName("users").key(Map.of("id", s("ctr")))
                        .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", n(1)))).build()));
        increment.run();
        increment.run();
        assertThat(counter()).isEqualTo("1");
        assertThatThrownBy(() -> ddb.transactWriteItems(b -> b.clientRequestToken("token-1").transactItems(
                TransactWriteItem.builder().delete(d -> d.tableName("users").key(Map.of("id", s("ctr")))).build())))
                .isInstanceOf(IdempotentParameterMismatchException.class);
        clock.advance(Duration.ofMinutes(10).plusSeconds(1));
        increment.run();
        assertThat(counter()).isEqualTo("2");
    }

    private String counter() {
        return ddb.getItem(b -> b.tableName("users").key(Map.of("id", s("ctr")))).item().get("n").n();
    }

    @Test void singleWriteToAnItemInATransactionIsAConflict() throws Exception {
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        var ref = new ItemRef(keyline.engine().catalog().get("users"), new PrimaryKey(new AttributeValue.S("busy"), null));
        Thread tx = new Thread(() -> keyline.engine().items().writeAll(List.of(ref), 0, olds -> {
            holding.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return olds;
        }));
        tx.start();
        try {
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> ddb.putItem(b -> b.tableName("users").item(Map.of("id", s("busy")))))
                    .isInstanceOf(TransactionConflictException.class);
            TransactionCanceledException e = catchThrowableOfType(() -> ddb.transactWriteItems(b -> b.transactItems(
                    TransactWriteItem.builder().put(p -> p.tableName("users").item(Map.of("id", s("busy")))).build())),
                    TransactionCanceledException.class);
            assertThat(e.cancellationReasons()).extracting(CancellationReason::code).containsExactly("TransactionConflict");
        } finally {
            release.countDown();
            tx.join();
        }
        ddb.putItem(b -> b.tableName("users").item(Map.of("id", s("busy"))));
    }

    @Test void concurrentTransfersKeepTheTotal() throws Exception {
        int accounts = 6;
        for (int i = 0; i < accounts; i++) {
            int id = i;
            ddb.putItem(b -> b.tableName("acct").item(Map.of("id", s("a" + id), "bal", n(100))));
        }
        ConcurrentLinkedQueue<Throwable> problems = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            Random random = new Random(7 + w);
            writers.add(new Thread(() -> {
                try {
                    for (int k = 0; k < 60; k++) {
                        int from = random.nextInt(accounts);
                        int to = (from + 1 + random.nextInt(accounts - 1)) % accounts;
                        while (!transfer(from, to, 1 + random.nextInt(3))) { /* retry cancelled transfers */ }
                    }
                } catch (Throwable t) {
                    problems.add(t);
                }
            }));
        }
        Thread reader = new Thread(() -> {
            try {
                while (running.get()) assertThat(total(accounts)).isEqualTo(accounts * 100L);
            } catch (Throwable t) {
                problems.add(t);
            }
        });
        reader.start();
        writers.forEach(Thread::start);
        for (Thread t : writers) t.join();
        running.set(false);
        reader.join();
        assertThat(problems).isEmpty();
        assertThat(total(accounts)).isEqualTo(accounts * 100L);
    }

    private static boolean transfer(int from, int to, int amount) {
        try {
            ddb.transactWriteItems(b -> b.transactItems(
                    TransactWriteItem.builder().update(u -> u.tableName("acct").key(Map.of("id", s("a" + from)))
                            .updateExpression("SET bal = bal - :a").conditionExpression("bal >= :a")
                            .expressionAttributeValues(Map.of(":a", n(amount)))).build(),
                    TransactWriteItem.builder().update(u -> u.tableName("acct").key(Map.of("id", s("a" + to)))
                            .updateExpression("SET bal = bal + :a").expressionAttributeValues(Map.of(":a", n(amount)))).build()));
            return true;
        } catch (TransactionCanceledException e) {
            return false;
        }
    }

    private static long total(int accounts) {
        List<TransactGetItem> gets = IntStream.range(0, accounts)
                .mapToObj(i -> TransactGetItem.builder().get(g -> g.tableName("acct").key(Map.of("id", s("a" + i)))).build())
                .collect(Collectors.toList());
        return ddb.transactGetItems(b -> b.transactItems(gets)).responses().stream()
                .mapToLong(r -> Long.parseLong(r.item().get("bal").n())).sum();
    }
}
