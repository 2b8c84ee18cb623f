package io.keyline.examples.sharding;

import io.keyline.sdk.MergedPage;
import java.io.PrintStream;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The walk-through of README.md: 2,000 orders placed, every fifth still pending; the queue read
 * oldest first, 20 at a time, by one worker and resumed by another from the cursor's token;
 * then 20 orders shipped and one more marked pending. {@code main} runs it against a server at
 * the endpoint given (default {@code http://localhost:8000}, i.e. {@code bin/keyline serve}).
 */
public final class StatusQueueDemo {
    public static final int ORDERS = 2_000;
    public static final int PAGE = 20;
    private static final Instant FIRST_ORDER = Instant.parse("2026-07-22T09:30:00Z");

    private StatusQueueDemo() {}

    public static void main(String[] args) {
        URI endpoint = URI.create(args.length > 0 ? args[0] : "http://localhost:8000");
        try (DynamoDbClient db = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("keyline", "keyline")))
                .httpClient(UrlConnectionHttpClient.create()).build()) {
            run(db, System.out);
        }
    }

    /** Placed-at time of order {@code i}: one every 37 seconds. */
    public static String placedAt(int i) {
        return FIRST_ORDER.plusSeconds(37L * i).toString();
    }

    public static String orderId(int i) {
        return String.format("order-%04d", i);
    }

    /** Runs the walk-through on {@code db} (whose table {@code orders} must not exist yet). */
    public static void run(DynamoDbClient db, PrintStream out) {
        try (StatusQueue queue = new StatusQueue(db)) {
            queue.createTable();
            List<Map<String, AttributeValue>> orders = new ArrayList<>();
            for (int i = 0; i < ORDERS; i++) orders.add(StatusQueue.order(orderId(i), placedAt(i), i % 5 == 0));
            queue.place(orders);
            out.printf("placed %,d orders, %,d pending: the sparse index %s holds only those, under %s to %s%n",
                    ORDERS, ORDERS / 5, StatusQueue.INDEX, StatusQueue.PENDING.physicalValue("PENDING", 0),
                    StatusQueue.PENDING.physicalValue("PENDING", StatusQueue.PENDING.shards() - 1));

            MergedPage first = queue.oldestPending(PAGE, null);
            out.printf("%nworker 1, the %d oldest pending orders (one logical Query):%n", PAGE);
            print(first, out);
            String token = first.cursor().token();
            out.printf("cursor: a %,d-character token (16 shards' positions and %d items read but not returned)%n",
                    token.length(), first.cursor().carriedItems());

            MergedPage second = queue.oldestPending(PAGE, token);
            out.printf("%nworker 2 resumes from the token (no items read again):%n");
            print(second, out);

            for (Map<String, AttributeValue> item : first.items()) queue.markShipped(item.get("orderId").s());
            queue.markPending(orderId(1), placedAt(-1));
            MergedPage after = queue.oldestPending(3, null);
            out.printf("%nshipped the first %d; %s marked pending as the oldest; the queue now starts:%n", PAGE, orderId(1));
            after.items().forEach(item -> out.printf("  %s  %s%n", item.get("pendingSince").s(), item.get("orderId").s()));
        }
    }

    private static void print(MergedPage page, PrintStream out) {
        page.items().forEach(item -> out.printf("  %s  %s  (%s)%n", item.get("pendingSince").s(), item.get("orderId").s(),
                item.get("pendingStatus").s()));
        out.printf("  cost: %d shard queries, %d items read for %d returned, %.1f RCU%n", page.shardQueries(),
                page.scannedCount(), page.count(), page.consumedCapacity() == null ? 0.0 : page.consumedCapacity().capacityUnits());
    }
}
