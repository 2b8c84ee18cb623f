package io.keyline.reliability.crash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * One writer: a seeded mix of PutItem (new items and overwrites), DeleteItem, a conditional
 * UpdateItem (compare-and-set on its own counter item) and TransactWriteItems with a
 * ClientRequestToken, all on items only it writes, so its {@link Ledger} alone says what each
 * may hold. A write whose reply is lost is retried only if it is a transaction (with the same
 * token, as SDKs do); after a lost reply the writer waits at the {@link Gate} for the next
 * server life, unless the server is still up (a 500, or a stale connection), when it goes on.
 * Runs on its own thread; owns its ledger and its random source.
 */
final class Writer implements Runnable {
    /** Share of acknowledged transactions sent again at once with the same token (an SDK retry after a lost reply). */
    private static final double REPLAY_SHARE = 0.2;
    private static final int PARTITIONS_PER_WRITER = 8;
    private static final int GSI_KEYS = 16;
    private static final long SERVER_ERROR_PAUSE_MILLIS = 100;

    private final int id;
    /** A ClientRequestToken names its transaction for 10 minutes (docs/RULES.md#TX-IDEMPOTENCY). */
    private static final long TOKEN_WINDOW_NANOS = java.util.concurrent.TimeUnit.MINUTES.toNanos(10);
    private static final long WINDOW_MARGIN_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    private final Gate gate;
    private final Random random;
    final Ledger ledger = new Ledger();
    private final List<String[]> ownKeys = new ArrayList<>();
    private String counter;
    private long nextItem;
    private long nextValue;
    private long nextTransaction;
    private TxRecord pending;
    private int epoch = -1;

    Writer(int id, Gate gate, long seed) {
        this.id = id;
        this.gate = gate;
        this.random = new Random(seed);
    }

    @Override
    public void run() {
        try {
            while ((epoch = gate.awaitOpen(-1)) >= 0) step(gate.client());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void step(DynamoDbClient client) throws InterruptedException {
        try {
            choose(client);
        } catch (SdkClientException e) {
            // A read of the writer's own (a compare-and-set's resync) lost to a kill: nothing to record.
            afterLostReply(epoch);
        } catch (DynamoDbException e) {
            // That read answered with a server error (a cluster node down, its range not yet taken over): read again next time.
            if (e.statusCode() < 500) throw e;
            ledger.serverErrors++;
            afterServerError();
        }
    }

    private void choose(DynamoDbClient client) throws InterruptedException {
        if (pending != null) {
            transact(client, pending);
            return;
        }
        int choice = random.nextInt(100);
        if (choice < 35 || ownKeys.isEmpty()) putNew(client);
        else if (choice < 45) overwrite(client);
        else if (choice < 55) delete(client);
        else if (choice < 75) compareAndSet(client);
        else transact(client, new TxRecord("w" + id + "t" + nextTransaction++, new UUID(random.nextLong(), random.nextLong()).toString()));
    }

    private void putNew(DynamoDbClient client) throws InterruptedException {
        long n = nextItem++;
        String[] key = {"w" + id + "#" + (n % PARTITIONS_PER_WRITER), String.format("%08d", n)};
        ownKeys.add(key);
        put(client, key);
    }

    private void overwrite(DynamoDbClient client) throws InterruptedException {
        put(client, ownKeys.get(random.nextInt(ownKeys.size())));
    }

    private void put(DynamoDbClient client, String[] key) throws InterruptedException {
        String value = value();
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s(key[0]));
        item.put("sk", s(key[1]));
        item.put("v", s(value));
        // Some items lack an index key: sparse indexes must leave them out.
        if (random.nextInt(10) > 0) item.put("g", s("g" + random.nextInt(GSI_KEYS)));
        if (random.nextInt(10) > 0) item.put("l", s("l" + random.nextInt(1000)));
        KeyHistory history = ledger.item(Ledger.key(key[0], key[1]));
        record(history, value, () -> client.putItem(b -> b.tableName(CrashTables.ITEMS).item(item)));
    }

    private void delete(DynamoDbClient client) throws InterruptedException {
        String[] key = ownKeys.get(random.nextInt(ownKeys.size()));
        KeyHistory history = ledger.item(Ledger.key(key[0], key[1]));
        record(history, null, () -> client.deleteItem(b -> b.tableName(CrashTables.ITEMS).key(Map.of("pk", s(key[0]), "sk", s(key[1])))));
    }

    /** SET v = next only if v is what this writer last saw; on a failed condition, read what it is. */
    private void compareAndSet(DynamoDbClient client) throws InterruptedException {
        Map<String, AttributeValue> key = Map.of("pk", s("ctr"), "sk", s("w" + id));
        KeyHistory history = ledger.item(Ledger.key("ctr", "w" + id));
        String next = value();
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":next", s(next));
        values.put(":g", s("g" + random.nextInt(GSI_KEYS)));
        values.put(":l", s("l" + random.nextInt(1000)));
        if (counter != null) values.put(":cur", s(counter));
        String condition = counter == null ? "attribute_not_exists(v)" : "v = :cur";
        try {
            Outcome o = record(history, next, () -> client.updateItem(b -> b.tableName(CrashTables.ITEMS).key(key)
                    .updateExpression("SET v = :next, g = :g, l = :l").conditionExpression(condition)
                    .expressionAttributeValues(values)));
            if (o == Outcome.ACKNOWLEDGED) counter = next;
        } catch (ConditionalCheckFailedException e) {
            // A write whose reply was lost did happen: read the truth (the checker already compared it).
            Map<String, AttributeValue> now = client.getItem(b -> b.tableName(CrashTables.ITEMS).key(key).consistentRead(true)).item();
            counter = now == null || !now.containsKey("v") ? null : now.get("v").s();
            history.settle(counter);
        }
    }

    private void transact(DynamoDbClient client, TxRecord tx) throws InterruptedException {
        if (tx.lostReplyEpoch >= 0 && epoch > tx.lostReplyEpoch) {
            if (!tx.retriedAfterRestart) ledger.transactionRetriesAfterRestart++;
            tx.retriedAfterRestart = true;
        }
        if (tx.attempts == 0) ledger.transactions.add(tx);
        long now = gate.nanos();
        if (tx.firstSentNanos < 0) tx.firstSentNanos = now;
        // Only past the window (less a margin for the server's own timing) may a retry rightly apply again.
        if (now - tx.firstSentNanos > TOKEN_WINDOW_NANOS - WINDOW_MARGIN_NANOS) tx.retriedPastWindow = true;
        tx.attempts++;
        pending = tx;
        int sentIn = epoch;
        try {
            send(client, tx);
            pending = null;
            tx.acknowledged = true;
            ledger.transactionsAcknowledged++;
            if (random.nextDouble() < REPLAY_SHARE) {
                tx.replayed = true;
                ledger.transactionReplays++;
                send(client, tx);
            }
        } catch (IdempotentParameterMismatchException e) {
            ledger.idempotencyMismatches++;
            pending = null;
        } catch (DynamoDbException e) {
            if (e.statusCode() >= 500) {
                ledger.serverErrors++;
                tx.lostReplyEpoch = sentIn;
                afterServerError();
            } else {
                pending = null; // refused (cancelled, throttled): not applied, not retried
            }
        } catch (SdkClientException e) {
            ledger.lostReplies++;
            tx.lostReplyEpoch = sentIn;
            afterLostReply(sentIn);
        }
    }

    private void send(DynamoDbClient client, TxRecord tx) {
        Map<String, AttributeValue> one = Map.of(":one", n("1"));
        Map<String, AttributeValue> indexed = Map.of(":one", n("1"), ":g", s("g" + (tx.id.hashCode() & 15)), ":l", s("l" + tx.id));
        client.transactWriteItems(b -> b.clientRequestToken(tx.token).transactItems(
                TransactWriteItem.builder().update(Update.builder().tableName(CrashTables.ITEMS)
                        .key(Map.of("pk", s("tx"), "sk", s(tx.id))).updateExpression("ADD c :one SET g = :g, l = :l")
                        .expressionAttributeValues(indexed).build()).build(),
                TransactWriteItem.builder().update(Update.builder().tableName(CrashTables.LEDGER)
                        .key(Map.of("pk", s(tx.id))).updateExpression("ADD c :one").expressionAttributeValues(one).build()).build()));
    }

    private enum Outcome { ACKNOWLEDGED, REFUSED, LOST }

    /** Sends one single-item write and writes its outcome into the item's history. */
    private Outcome record(KeyHistory history, String value, Runnable call) throws InterruptedException {
        int sentIn = epoch;
        try {
            call.run();
            history.settle(value);
            ledger.acknowledgedWrites++;
            return Outcome.ACKNOWLEDGED;
        } catch (ConditionalCheckFailedException e) {
            throw e;
        } catch (DynamoDbException e) {
            if (e.statusCode() < 500) return Outcome.REFUSED;
            ledger.serverErrors++;
            history.unknown(value);
            afterServerError();
            return Outcome.LOST;
        } catch (SdkClientException e) {
            ledger.lostReplies++;
            history.unknown(value);
            afterLostReply(sentIn);
            return Outcome.LOST;
        }
    }

    /** A reply lost to a kill: wait for the next life. One lost while the server is up (stale connection): go on. */
    private void afterLostReply(int sentIn) throws InterruptedException {
        if (!gate.isOpen(sentIn)) {
            epoch = gate.awaitOpen(sentIn);
        } else {
            Thread.sleep(20);
        }
    }

    /**
     * A pause after a 5xx, as an SDK's retry would make: a cluster answers 503 for the seconds in
     * which a dead node's ranges are not yet taken over, and a writer must not spin on them.
     */
    private static void afterServerError() throws InterruptedException {
        Thread.sleep(SERVER_ERROR_PAUSE_MILLIS);
    }

    private String value() {
        return "w" + id + "v" + nextValue++;
    }

    private static AttributeValue s(String v) { return AttributeValue.fromS(v); }

    private static AttributeValue n(String v) { return AttributeValue.fromN(v); }
}
