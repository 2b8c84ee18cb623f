package io.keyline.bench.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The same requests as {@link WireRequests}, as AWS SDK for Java v2 model objects, built once
 * before a run. Stateless.
 */
public final class SdkRequests {
    private SdkRequests() {}

    /** Request {@code index} of a single operation (not {@link Op#MIXED}). */
    public static Object build(Op op, DataLayout l, int index) {
        switch (op) {
            case PUT:
                return PutItemRequest.builder().tableName(l.table()).item(item(DataLayout.itemPk(index), 0, l.padding(index))).build();
            case GET:
                return GetItemRequest.builder().tableName(l.table()).key(key(DataLayout.itemPk(index), 0)).build();
            case UPDATE:
                return UpdateItemRequest.builder().tableName(l.table()).key(key(DataLayout.itemPk(index), 0))
                        .updateExpression("SET #n = #n + :one")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeNames(Map.of("#n", "n"))
                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                        .build();
            case QUERY:
                return QueryRequest.builder().tableName(l.table()).keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(DataLayout.queryPk(index))))
                        .limit(DataLayout.QUERY_ITEMS).build();
            case SCAN:
                return ScanRequest.builder().tableName(l.table()).limit(DataLayout.QUERY_ITEMS)
                        .exclusiveStartKey(key(DataLayout.itemPk(index), 0)).build();
            case BATCH_WRITE: {
                List<WriteRequest> writes = new ArrayList<>(DataLayout.BATCH_SIZE);
                for (int t = 0; t < DataLayout.BATCH_SIZE; t++) {
                    int i = l.batchItem(index, t);
                    writes.add(put(item(DataLayout.itemPk(i), 0, l.padding(i))));
                }
                return BatchWriteItemRequest.builder().requestItems(Map.of(l.table(), writes)).build();
            }
            default:
                throw new IllegalArgumentException("not a single operation: " + op);
        }
    }

    /** The items of Query partitions [first, first + count), as put requests for loading. */
    public static List<WriteRequest> queryItems(DataLayout l, int first, int count) {
        List<WriteRequest> writes = new ArrayList<>();
        for (int p = first; p < first + count; p++) {
            for (int sk = 0; sk < DataLayout.QUERY_ITEMS; sk++) {
                writes.add(put(item(DataLayout.queryPk(p), sk, l.padding(p * DataLayout.QUERY_ITEMS + sk))));
            }
        }
        return writes;
    }

    /** The item-operation items [first, first + count), as put requests for loading. */
    public static List<WriteRequest> itemItems(DataLayout l, int first, int count) {
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = first; i < first + count; i++) writes.add(put(item(DataLayout.itemPk(i), 0, l.padding(i))));
        return writes;
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }

    static Map<String, AttributeValue> key(String pk, int sk) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("pk", AttributeValue.fromS(pk));
        key.put("sk", AttributeValue.fromN(Integer.toString(sk)));
        return key;
    }

    static Map<String, AttributeValue> item(String pk, int sk, String data) {
        Map<String, AttributeValue> item = key(pk, sk);
        item.put("n", AttributeValue.fromN("0"));
        item.put("data", AttributeValue.fromS(data));
        return item;
    }
}
