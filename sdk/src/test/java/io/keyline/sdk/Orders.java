package io.keyline.sdk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The orders table of the tests: key {@code orderId}, and two GSIs over the same items, sorted by
 * {@code placedAt}: {@code by-status} on the logical {@code status} and {@code by-status-shard}
 * on {@code statusShard}, the same value written through {@link WriteSharding}. So a merged
 * Query of the sharded index can be compared with one Query of the unsharded index.
 */
final class Orders {
    static final String BY_STATUS = "by-status";
    static final String BY_STATUS_SHARD = "by-status-shard";

    private Orders() {}

    static void create(DynamoDbClient db, String table) {
        db.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(stringAttribute("orderId"), stringAttribute("status"), stringAttribute("statusShard"),
                        stringAttribute("placedAt"))
                .keySchema(key("orderId", KeyType.HASH))
                .globalSecondaryIndexes(index(BY_STATUS, "status"), index(BY_STATUS_SHARD, "statusShard")));
    }

    static Map<String, AttributeValue> order(String orderId, String status, String placedAt, int amount) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("orderId", AttributeValue.fromS(orderId));
        item.put("status", AttributeValue.fromS(status));
        item.put("statusShard", AttributeValue.fromS(status));
        item.put("placedAt", AttributeValue.fromS(placedAt));
        item.put("amount", AttributeValue.fromN(Integer.toString(amount)));
        return item;
    }

    /** Writes the items 25 at a time through {@code sharding}, resending anything unprocessed. */
    static void write(DynamoDbClient db, String table, WriteSharding sharding, List<Map<String, AttributeValue>> items) {
        for (int from = 0; from < items.size(); from += 25) {
            List<WriteRequest> writes = new ArrayList<>();
            for (Map<String, AttributeValue> item : items.subList(from, Math.min(items.size(), from + 25))) {
                writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
            }
            BatchWriteItemRequest request = sharding.batchWrite(BatchWriteItemRequest.builder().requestItems(Map.of(table, writes)).build());
            for (int attempt = 0; attempt < 100 && !request.requestItems().isEmpty(); attempt++) {
                BatchWriteItemResponse response = db.batchWriteItem(request);
                request = request.toBuilder().requestItems(response.unprocessedItems()).build();
            }
        }
    }

    /** Every page of one plain Query, following LastEvaluatedKey. */
    static List<QueryResponse> allPages(DynamoDbClient db, QueryRequest request) {
        List<QueryResponse> pages = new ArrayList<>();
        QueryResponse page = db.query(request);
        pages.add(page);
        while (page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()) {
            page = db.query(request.toBuilder().exclusiveStartKey(page.lastEvaluatedKey()).build());
            pages.add(page);
        }
        return pages;
    }

    private static GlobalSecondaryIndex index(String name, String partitionKey) {
        return GlobalSecondaryIndex.builder().indexName(name)
                .keySchema(key(partitionKey, KeyType.HASH), key("placedAt", KeyType.RANGE))
                .projection(p -> p.projectionType(ProjectionType.ALL)).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition stringAttribute(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }
}
