package io.keyline.reliability.crash;

import io.keyline.reliability.SdkClients;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * A burst of new items with a GSI key, put through one Keyline node from several threads at
 * once just before the failure run kills that node, so that the node dies holding GSI change
 * records it has not applied yet: a write waits for its record to be applied before it is
 * answered, so records are left only by writes in flight, and many at once leave some. Each
 * thread puts only its own new keys (pk {@code b<thread>#<n mod 8>}) and keeps a {@link Ledger}
 * of them, which the checker reads like a writer's: an acknowledged put must be in the table
 * and in the GSI, and a put whose reply the kill cut may or may not be.
 *
 * <p>Threading: one thread per burst writer, each owning its ledger; {@link #stop} joins them, after
 * which the ledgers are the caller's. {@link #acknowledged} may be read at any time.
 */
final class Burst {
    private static final int PARTITIONS_PER_THREAD = 8;
    private static final int GSI_KEYS = 16;

    private final URI endpoint;
    private final List<Ledger> ledgers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong acknowledged = new AtomicLong();
    private volatile boolean stopped;
    private DynamoDbClient client;

    Burst(int threadCount, URI endpoint) {
        this.endpoint = endpoint;
        for (int t = 0; t < threadCount; t++) ledgers.add(new Ledger());
    }

    void start() {
        client = SdkClients.noRetries(endpoint);
        for (int t = 0; t < ledgers.size(); t++) {
            int id = t;
            Thread thread = new Thread(() -> putUntilStopped(id, ledgers.get(id)), "burst-writer-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /** Puts acknowledged so far (read while the burst runs: a progress figure). */
    long acknowledged() { return acknowledged.get(); }

    /** Stops the burst threads and waits for them; their ledgers are then complete. */
    void stop() throws InterruptedException {
        stopped = true;
        for (Thread t : threads) t.join(60_000);
        for (Thread t : threads) if (t.isAlive()) throw new IllegalStateException(t.getName() + " did not stop");
        if (client != null) client.close();
        client = null;
    }

    /** The ledgers of the burst threads: complete only after {@link #stop}. */
    List<Ledger> ledgers() { return ledgers; }

    private void putUntilStopped(int thread, Ledger ledger) {
        for (long n = 0; !stopped; n++) {
            String pk = "b" + thread + "#" + (n % PARTITIONS_PER_THREAD);
            String sk = String.format("%08d", n);
            String value = "b" + thread + "v" + n;
            Map<String, AttributeValue> item = new HashMap<>();
            item.put("pk", AttributeValue.fromS(pk));
            item.put("sk", AttributeValue.fromS(sk));
            item.put("v", AttributeValue.fromS(value));
            item.put("g", AttributeValue.fromS("g" + (n % GSI_KEYS)));
            item.put("l", AttributeValue.fromS("l" + n));
            KeyHistory history = ledger.item(Ledger.key(pk, sk));
            try {
                client.putItem(b -> b.tableName(CrashTables.ITEMS).item(item));
                history.settle(value);
                ledger.acknowledgedWrites++;
                acknowledged.incrementAndGet();
            } catch (DynamoDbException e) {
                if (e.statusCode() >= 500) {
                    ledger.serverErrors++;
                    history.unknown(value);
                }
                // below 500 (a throttle): refused, not applied; the item stays absent
            } catch (SdkClientException e) {
                ledger.lostReplies++;
                history.unknown(value);
                if (!stopped) pause(); // the node is gone: the harness stops the burst at once
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
