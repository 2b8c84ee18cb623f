package io.keyline.sdk;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * DynamoDB's Query paging in a few lines, for fast property tests of the merge: partitions keyed
 * by the value of {@code :p}, items ordered by the N sort key {@code sk}, Limit, ScanIndexForward
 * and ExclusiveStartKey honoured, a LastEvaluatedKey whenever a page stops at its Limit (as
 * DynamoDB does, even when nothing follows). No filters, no 1 MB pages. Not thread-safe to fill.
 */
final class FakeShards implements ShardQueryClient {
    final Map<String, List<Map<String, AttributeValue>>> partitions = new HashMap<>();
    final AtomicInteger queries = new AtomicInteger();

    void put(String partition, long sk) {
        partitions.computeIfAbsent(partition, p -> new ArrayList<>())
                .add(Map.of("pk", AttributeValue.fromS(partition), "sk", AttributeValue.fromN(Long.toString(sk))));
    }

    static long sk(Map<String, AttributeValue> item) {
        return Long.parseLong(item.get("sk").n());
    }

    @Override public CompletableFuture<QueryResponse> query(QueryRequest request) {
        queries.incrementAndGet();
        List<Map<String, AttributeValue>> items = new ArrayList<>(partitions.getOrDefault(request.expressionAttributeValues().get(":p").s(), List.of()));
        Comparator<Map<String, AttributeValue>> order = Comparator.comparingLong(FakeShards::sk);
        boolean forward = !Boolean.FALSE.equals(request.scanIndexForward());
        items.sort(forward ? order : order.reversed());
        if (request.hasExclusiveStartKey()) {
            long after = sk(request.exclusiveStartKey());
            items.removeIf(item -> forward ? sk(item) <= after : sk(item) >= after);
        }
        int limit = request.limit() == null ? Integer.MAX_VALUE : request.limit();
        List<Map<String, AttributeValue>> page = items.subList(0, Math.min(limit, items.size()));
        QueryResponse.Builder response = QueryResponse.builder().items(page).count(page.size()).scannedCount(page.size());
        if (page.size() == limit) response.lastEvaluatedKey(page.get(page.size() - 1));
        return CompletableFuture.completedFuture(response.build());
    }
}
