package io.keyline.sdk;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Sends one shard's Query without waiting for it, so that {@link ShardedQuery} can have all N in
 * flight at once: the async client does that by itself; a synchronous client runs on an executor
 * the caller bounds (N threads reach N shards at once; fewer make the fan-out a few rounds).
 */
@FunctionalInterface
public interface ShardQueryClient {
    CompletableFuture<QueryResponse> query(QueryRequest request);

    /** The asynchronous client: its HTTP connection pool bounds the parallelism. */
    static ShardQueryClient of(DynamoDbAsyncClient client) {
        Objects.requireNonNull(client, "client");
        return client::query;
    }

    /** A synchronous client, each shard's Query a task on {@code executor}. */
    static ShardQueryClient of(DynamoDbClient client, Executor executor) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(executor, "executor");
        return request -> CompletableFuture.supplyAsync(() -> client.query(request), executor);
    }
}
