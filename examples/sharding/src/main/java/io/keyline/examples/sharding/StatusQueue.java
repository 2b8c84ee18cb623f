package io.keyline.examples.sharding;

import io.keyline.sdk.MergedPage;
import io.keyline.sdk.ShardQueryClient;
import io.keyline.sdk.ShardedKey;
import io.keyline.sdk.ShardedQuery;
import io.keyline.sdk.SuffixFormat;
import io.keyline.sdk.WriteSharding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The application side of the seeds' status index: table {@code orders} (key {@code orderId}) and
 * the sparse GSI {@code status-index} ({@code pendingStatus}, sorted by {@code pendingSince}). Only
 * pending orders carry {@code pendingStatus}, so the index holds the backlog, not the table; and
 * its one value, PENDING, is written as {@code PENDING#00} to {@code PENDING#15}, the shard
 * calculated from the order id, so that 16 partitions share the writes of new orders. The queue
 * is read oldest first as one Query over the 16 shards.
 *
 * <p>Thread-safe (the SDK client is); {@link #close} stops the fan-out's threads.
 */
public final class StatusQueue implements AutoCloseable {
    public static final String TABLE = "orders";
    public static final String INDEX = "status-index";
    public static final ShardedKey PENDING = ShardedKey.of("pendingStatus", 16).withFormat(SuffixFormat.zeroPadded());

    private final DynamoDbClient db;
    private final WriteSharding sharding = WriteSharding.calculated(PENDING, "orderId");
    private final ExecutorService fanOut = Executors.newFixedThreadPool(PENDING.shards());

    public StatusQueue(DynamoDbClient db) {
        this.db = db;
    }

    public void createTable() {
        db.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("orderId").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("pendingStatus").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("pendingSince").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("orderId").keyType(KeyType.HASH))
                .globalSecondaryIndexes(g -> g.indexName(INDEX)
                        .keySchema(k -> k.attributeName("pendingStatus").keyType(KeyType.HASH),
                                k -> k.attributeName("pendingSince").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    /** An order as placed: pending ones enter the index (under their shard), the others do not. */
    public static Map<String, AttributeValue> order(String orderId, String placedAt, boolean pending) {
        return pending
                ? Map.of("orderId", s(orderId), "orderStatus", s("PENDING"), "pendingStatus", s("PENDING"), "pendingSince", s(placedAt))
                : Map.of("orderId", s(orderId), "orderStatus", s("SHIPPED"));
    }

    /** Writes orders 25 to a BatchWriteItem, each pending one under its calculated shard. */
    public void place(List<Map<String, AttributeValue>> orders) {
        for (int from = 0; from < orders.size(); from += 25) {
            List<WriteRequest> writes = new ArrayList<>();
            for (Map<String, AttributeValue> order : orders.subList(from, Math.min(orders.size(), from + 25))) {
                writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(order).build()).build());
            }
            BatchWriteItemRequest batch = sharding.batchWrite(BatchWriteItemRequest.builder().requestItems(Map.of(TABLE, writes)).build());
            while (!batch.requestItems().isEmpty()) {
                batch = batch.toBuilder().requestItems(db.batchWriteItem(batch).unprocessedItems()).build();
            }
        }
    }

    /** An existing order enters the queue: its shard is calculated from its id. */
    public void markPending(String orderId, String since) {
        db.updateItem(sharding.update(UpdateItemRequest.builder().tableName(TABLE).key(Map.of("orderId", s(orderId)))
                .updateExpression("SET orderStatus = :s, pendingStatus = :s, pendingSince = :t")
                .expressionAttributeValues(Map.of(":s", s("PENDING"), ":t", s(since))).build(), ":s"));
    }

    /** An order leaves the queue: removing the index key removes it from the index (no shard needed). */
    public void markShipped(String orderId) {
        db.updateItem(b -> b.tableName(TABLE).key(Map.of("orderId", s(orderId)))
                .updateExpression("SET orderStatus = :c REMOVE pendingStatus, pendingSince")
                .expressionAttributeValues(Map.of(":c", s("SHIPPED"))));
    }

    /** The oldest pending orders, {@code limit} of them, after {@code cursorToken} (null: from the start). */
    public MergedPage oldestPending(int limit, String cursorToken) {
        QueryRequest logical = QueryRequest.builder().tableName(TABLE).indexName(INDEX)
                .keyConditionExpression("pendingStatus = :s").expressionAttributeValues(Map.of(":s", s("PENDING")))
                .limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        ShardedQuery query = ShardedQuery.builder(ShardQueryClient.of(db, fanOut), PENDING).sortKey("pendingSince").request(logical).build();
        return cursorToken == null ? query.firstPage() : query.page(cursorToken);
    }

    @Override public void close() {
        fanOut.shutdownNow();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
