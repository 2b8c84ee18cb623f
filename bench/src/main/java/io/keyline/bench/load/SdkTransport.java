package io.keyline.bench.load;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The client applications use: AWS SDK for Java v2 {@link DynamoDbAsyncClient} on the Netty NIO
 * HTTP client, with real SigV4 signing, response CRC32 validation and no retries (a throttled or
 * failed request counts as an error instead of hiding in a retry). Thread-safe.
 */
public final class SdkTransport implements Transport {
    private static final int ERROR_SAMPLE_CHARS = 300;

    private final DynamoDbAsyncClient client;

    public SdkTransport(String host, int port, int maxConcurrency) {
        this.client = client(host, port, maxConcurrency, RetryMode.STANDARD, false);
    }

    /** A client for setup work (tables, loading), with the SDK's standard retries. */
    public static DynamoDbAsyncClient client(String host, int port, int maxConcurrency, RetryMode mode, boolean retries) {
        return DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create("http://" + host + ":" + port))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .overrideConfiguration(c -> {
                    if (retries) c.retryStrategy(mode); else c.retryStrategy(b -> b.maxAttempts(1));
                    c.apiCallTimeout(Duration.ofSeconds(30));
                })
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()
                        .maxConcurrency(maxConcurrency)
                        .maxPendingConnectionAcquires(1_000_000)
                        .connectionAcquisitionTimeout(Duration.ofSeconds(30)))
                .build();
    }

    @Override
    public void send(Object request, Completion completion) {
        CompletableFuture<?> f;
        if (request instanceof GetItemRequest r) f = client.getItem(r);
        else if (request instanceof PutItemRequest r) f = client.putItem(r);
        else if (request instanceof UpdateItemRequest r) f = client.updateItem(r);
        else if (request instanceof QueryRequest r) f = client.query(r);
        else if (request instanceof ScanRequest r) f = client.scan(r);
        else if (request instanceof BatchWriteItemRequest r) f = client.batchWriteItem(r);
        else throw new IllegalArgumentException("unsupported request " + request.getClass());
        f.whenComplete((response, error) -> {
            if (error == null) {
                completion.complete(200, null);
            } else {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                int status = cause instanceof SdkServiceException s ? s.statusCode() : NO_ANSWER;
                String text = String.valueOf(cause.getMessage());
                completion.complete(status, text.length() > ERROR_SAMPLE_CHARS ? text.substring(0, ERROR_SAMPLE_CHARS) : text);
            }
        });
    }

    @Override
    public void close() {
        client.close();
    }
}
