package io.keyline.reliability.linearizability;

import io.keyline.reliability.SdkClients;
import io.keyline.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Records a history: {@code clients} threads, each with its own SDK client (no retries), pick a
 * key of {@code keys} and an operation (strongly consistent GetItem, PutItem of a value never
 * used before, UpdateItem conditional on the value the thread last saw, DeleteItem) at seeded
 * random, for {@code duration}, and note the invocation and completion times (the injected
 * clock's monotonic nanoseconds) and the outcome. Few keys and many threads make contention.
 * Thread-safe: each call records into its own list.
 */
public final class HistoryRecorder {
    /** A table with a string partition key {@code pk}; items hold their value in {@code v}. */
    public static final String TABLE = "linearizability";

    public record Settings(int clients, int keys, Duration duration, long seed) {}

    /** Outcomes that are not part of the history: counted, not checked. */
    public record Tally(long refused, long lostReplies, long serverErrors) {}

    private final Clock clock;
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong lostReplies = new AtomicLong();
    private final AtomicLong serverErrors = new AtomicLong();

    public HistoryRecorder(Clock clock) {
        this.clock = clock;
    }

    public Tally tally() {
        return new Tally(refused.get(), lostReplies.get(), serverErrors.get());
    }

    public static void createTable(DynamoDbClient client) throws InterruptedException {
        client.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
        while (client.describeTable(b -> b.tableName(TABLE)).table().tableStatus() != TableStatus.ACTIVE) Thread.sleep(20);
    }

    /** One client per recording thread, to be reused across histories (an SDK client is slow to start). */
    public static List<DynamoDbClient> clients(URI endpoint, int count) {
        List<DynamoDbClient> clients = new ArrayList<>();
        for (int i = 0; i < count; i++) clients.add(SdkClients.noRetries(endpoint));
        return clients;
    }

    /**
     * Records one history on keys {@code keyPrefix + 0 .. keys - 1}, which must not exist yet,
     * with one thread per client ({@code settings.clients()} of them).
     */
    public List<Op> record(List<DynamoDbClient> clients, Settings settings, String keyPrefix) throws InterruptedException {
        List<Op> history = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        long end = clock.nanos() + settings.duration().toNanos();
        for (int c = 0; c < settings.clients(); c++) {
            int client = c;
            Random random = new Random(settings.seed() * 7919 + c);
            DynamoDbClient ddb = clients.get(c);
            Thread t = new Thread(() -> {
                Map<String, String> lastSeen = new HashMap<>();
                long n = 0;
                while (clock.nanos() < end) {
                    String key = keyPrefix + random.nextInt(settings.keys());
                    Op op = one(ddb, client, key, random, "c" + client + "-" + n++, lastSeen);
                    if (op != null) history.add(op);
                }
            }, "recorder-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) t.join();
        return new ArrayList<>(history);
    }

    private Op one(DynamoDbClient ddb, int client, String key, Random random, String fresh, Map<String, String> lastSeen) {
        Map<String, AttributeValue> k = Map.of("pk", AttributeValue.fromS(key));
        int choice = random.nextInt(100);
        long invoked = clock.nanos();
        try {
            if (choice < 40) {
                Map<String, AttributeValue> item = ddb.getItem(b -> b.tableName(TABLE).key(k).consistentRead(true)).item();
                String value = item == null || item.isEmpty() ? RegisterModel.ABSENT : item.get("v").s();
                lastSeen.put(key, value);
                return Op.read(client, key, value, invoked, clock.nanos());
            } else if (choice < 60) {
                ddb.putItem(b -> b.tableName(TABLE).item(Map.of("pk", AttributeValue.fromS(key), "v", AttributeValue.fromS(fresh))));
                lastSeen.put(key, fresh);
                return Op.write(client, key, fresh, Op.Outcome.OK, invoked, clock.nanos());
            } else if (choice < 85) {
                String expected = lastSeen.getOrDefault(key, RegisterModel.ABSENT);
                Op op = cas(ddb, client, key, expected, fresh, invoked);
                if (op.outcome() == Op.Outcome.OK) lastSeen.put(key, fresh);
                return op;
            } else {
                ddb.deleteItem(b -> b.tableName(TABLE).key(k));
                lastSeen.put(key, RegisterModel.ABSENT);
                return Op.delete(client, key, Op.Outcome.OK, invoked, clock.nanos());
            }
        } catch (DynamoDbException e) {
            if (e.statusCode() < 500) {
                refused.incrementAndGet();
                return null;
            }
            serverErrors.incrementAndGet();
            return unknown(client, key, choice, fresh, lastSeen, invoked);
        } catch (SdkClientException e) {
            lostReplies.incrementAndGet();
            return unknown(client, key, choice, fresh, lastSeen, invoked);
        }
    }

    private Op cas(DynamoDbClient ddb, int client, String key, String expected, String fresh, long invoked) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":v", AttributeValue.fromS(fresh));
        if (!expected.equals(RegisterModel.ABSENT)) values.put(":e", AttributeValue.fromS(expected));
        String condition = expected.equals(RegisterModel.ABSENT) ? "attribute_not_exists(pk)" : "v = :e";
        try {
            ddb.updateItem(b -> b.tableName(TABLE).key(Map.of("pk", AttributeValue.fromS(key)))
                    .updateExpression("SET v = :v").conditionExpression(condition).expressionAttributeValues(values));
            return Op.cas(client, key, expected, fresh, Op.Outcome.OK, invoked, clock.nanos());
        } catch (ConditionalCheckFailedException e) {
            return Op.cas(client, key, expected, fresh, Op.Outcome.FAIL, invoked, clock.nanos());
        }
    }

    /** A write whose reply was lost may have happened; a read whose reply was lost says nothing. */
    private static Op unknown(int client, String key, int choice, String fresh, Map<String, String> lastSeen, long invoked) {
        if (choice < 40) return null;
        if (choice < 60) return Op.write(client, key, fresh, Op.Outcome.INFO, invoked, Long.MAX_VALUE);
        if (choice < 85) return Op.cas(client, key, lastSeen.getOrDefault(key, RegisterModel.ABSENT), fresh, Op.Outcome.INFO, invoked, Long.MAX_VALUE);
        return Op.delete(client, key, Op.Outcome.INFO, invoked, Long.MAX_VALUE);
    }
}
