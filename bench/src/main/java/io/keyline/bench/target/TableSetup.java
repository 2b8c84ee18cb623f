package io.keyline.bench.target;

import io.keyline.bench.workload.DataLayout;
import io.keyline.bench.workload.SdkRequests;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Creates the benchmark table of a {@link DataLayout} on one server and loads its items with
 * BatchWriteItem, re-sending unprocessed items and backing off when throttled, so the table is
 * complete whatever the server's capacity rules. Blocking; one instance per server.
 */
public final class TableSetup {
    private static final int LOAD_IN_FLIGHT = 8;
    private static final long TABLE_ACTIVE_TIMEOUT_MILLIS = 60_000;
    private static final long BACKOFF_MILLIS = 50;
    private static final int MAX_ATTEMPTS = 200;

    private final DynamoDbAsyncClient client;
    private final Clock clock;
    private volatile boolean batchUnsupported;

    public TableSetup(DynamoDbAsyncClient client, Clock clock) {
        this.client = client;
        this.clock = clock;
    }

    public void createAndLoad(DataLayout layout) throws InterruptedException {
        createAndLoad(layout, false);
    }

    /** As {@link #createAndLoad(DataLayout)}, with Contributor Insights enabled on the table first when asked. */
    public void createAndLoad(DataLayout layout, boolean contributorInsights) throws InterruptedException {
        create(layout.table());
        if (contributorInsights) {
            client.updateContributorInsights(b -> b.tableName(layout.table())
                    .contributorInsightsAction(ContributorInsightsAction.ENABLE)).join();
        }
        List<List<WriteRequest>> batches = new ArrayList<>();
        List<WriteRequest> all = new ArrayList<>(SdkRequests.itemItems(layout, 0, layout.itemKeys()));
        all.addAll(SdkRequests.queryItems(layout, 0, layout.queryPartitions()));
        for (int i = 0; i < all.size(); i += DataLayout.BATCH_SIZE) {
            batches.add(all.subList(i, Math.min(all.size(), i + DataLayout.BATCH_SIZE)));
        }
        ExecutorService loaders = Executors.newFixedThreadPool(LOAD_IN_FLIGHT);
        try {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (List<WriteRequest> batch : batches) {
                done.add(CompletableFuture.runAsync(() -> write(layout.table(), batch), loaders));
            }
            CompletableFuture.allOf(done.toArray(new CompletableFuture[0])).join();
        } finally {
            loaders.shutdownNow();
        }
    }

    /**
     * The bench table is provisioned far above what two cores can drive, so a server that keeps
     * DynamoDB's capacity rules (Keyline) measures its request path, not a throttle: a new
     * on-demand table would be held at 4,000 writes a second, as on DynamoDB. Keyline targets
     * are started with a raised per-table quota to allow it (quotas are adjustable on AWS too).
     */
    public static final long PROVISIONED_UNITS = 200_000;

    /**
     * {@code -Dkeyline.bench.stream=NEW_AND_OLD_IMAGES} (or another view type) creates the table
     * with a stream, to measure what a stream costs the write path over HTTP (docs/BENCHMARKS.md,
     * "Streams: PutItem with a stream"); unset, the table has none.
     */
    static final String STREAM_VIEW_TYPE = System.getProperty("keyline.bench.stream");

    private void create(String table) throws InterruptedException {
        try {
            client.createTable(b -> b.tableName(table)
                    .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                               KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                    .attributeDefinitions(
                            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                            AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.N).build())
                    .billingMode(BillingMode.PROVISIONED)
                    .provisionedThroughput(t -> t.readCapacityUnits(PROVISIONED_UNITS).writeCapacityUnits(PROVISIONED_UNITS))
                    .streamSpecification(STREAM_VIEW_TYPE == null ? null
                            : StreamSpecification.builder().streamEnabled(true).streamViewType(STREAM_VIEW_TYPE).build())).join();
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof ResourceInUseException)) throw e;
        }
        long deadline = clock.millis() + TABLE_ACTIVE_TIMEOUT_MILLIS;
        while (clock.millis() < deadline) {
            TableStatus status = client.describeTable(b -> b.tableName(table)).join().table().tableStatus();
            if (status == TableStatus.ACTIVE) return;
            TimeUnit.MILLISECONDS.sleep(BACKOFF_MILLIS);
        }
        throw new IllegalStateException("table " + table + " did not become ACTIVE");
    }

    /** Writes one batch to completion: unprocessed items are re-sent, throttling waits. */
    private void write(String table, List<WriteRequest> batch) {
        if (batchUnsupported) {
            putOneByOne(table, batch);
            return;
        }
        List<WriteRequest> remaining = batch;
        for (int attempt = 0; attempt < MAX_ATTEMPTS && !remaining.isEmpty(); attempt++) {
            List<WriteRequest> send = remaining;
            try {
                BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(Map.of(table, send))).join();
                remaining = r.unprocessedItems().getOrDefault(table, List.of());
            } catch (CompletionException e) {
                if (isUnknownOperation(e.getCause())) {
                    // A server without BatchWriteItem (yet) is loaded item by item.
                    batchUnsupported = true;
                    putOneByOne(table, remaining);
                    return;
                }
                if (!isRetryable(e.getCause())) throw e;
            }
            if (!remaining.isEmpty()) pause(BACKOFF_MILLIS * Math.min(attempt + 1, 20));
        }
        if (!remaining.isEmpty()) throw new IllegalStateException("could not load " + remaining.size() + " items into " + table);
    }

    private void putOneByOne(String table, List<WriteRequest> items) {
        for (WriteRequest w : items) {
            for (int attempt = 0; ; attempt++) {
                try {
                    client.putItem(b -> b.tableName(table).item(w.putRequest().item())).join();
                    break;
                } catch (CompletionException e) {
                    if (!isRetryable(e.getCause()) || attempt >= MAX_ATTEMPTS) throw e;
                    pause(BACKOFF_MILLIS * Math.min(attempt + 1, 20));
                }
            }
        }
    }

    private static boolean isUnknownOperation(Throwable t) {
        return t instanceof DynamoDbException d && d.awsErrorDetails() != null
                && "UnknownOperationException".equals(d.awsErrorDetails().errorCode());
    }

    /** Throttling and server-side failures are worth another try; a refused request is not. */
    private static boolean isRetryable(Throwable t) {
        if (t instanceof ProvisionedThroughputExceededException || t instanceof RequestLimitExceededException) return true;
        if (t instanceof SdkServiceException s) return s.isThrottlingException() || s.statusCode() >= 500;
        return t instanceof SdkClientException;
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
