package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * A body refused while the client is still sending it reaches the client as DynamoDB's error, not
 * as a connection reset (docs/RULES.md#SERVER-REFUSAL-DELIVERY): a PutItem of about 17 MB (over the 16 MiB limit) gets
 * 413 RequestEntityTooLarge in the AWS SDK for Java v2 (sync and async clients) and in boto3; a
 * body the body budget has no room for gets 503 ServiceUnavailable, which the SDKs retry. Without
 * the lingering close, the sync SDK and boto3 saw "Connection reset" or "Broken pipe" here.
 */
class RefusedBodyTest {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();

    @TempDir Path dir;

    /** A PutItem whose item's string makes the body about {@code bytes}. */
    private static Map<String, AttributeValue> item(int bytes) {
        return Map.of("p", AttributeValue.fromS("big"), "v", AttributeValue.fromS("x".repeat(bytes)));
    }

    private static DynamoDbClient syncClient(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(KeylineExtension.REGION)
                .credentialsProvider(KeylineExtension.credentials())
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).retryPolicy(p -> p.numRetries(0)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    @Test void aBodyOverTheLimitIs413InTheSyncSdk() {
        try (DynamoDbClient ddb = syncClient(keyline.endpoint())) {
            assertThatThrownBy(() -> ddb.putItem(b -> b.tableName("tbl").item(item(17_000_000))))
                    .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                        assertThat(e.statusCode()).isEqualTo(413);
                        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("RequestEntityTooLarge");
                    });
            // The connection was closed, not the server: the next request is served on a new one.
            assertThat(ddb.listTables().tableNames()).isNotNull();
        }
    }

    @Test void aBodyOverTheLimitIs413InTheAsyncSdk() {
        try (DynamoDbAsyncClient ddb = DynamoDbAsyncClient.builder().endpointOverride(keyline.endpoint()).region(KeylineExtension.REGION)
                .credentialsProvider(KeylineExtension.credentials())
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).retryPolicy(p -> p.numRetries(0)))
                .httpClient(NettyNioAsyncHttpClient.create()).build()) {
            assertThatThrownBy(() -> ddb.putItem(b -> b.tableName("tbl").item(item(17_000_000))).join())
                    .isInstanceOf(CompletionException.class)
                    .cause().isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.statusCode()).isEqualTo(413));
        }
    }

    @Test void aBodyOverTheLimitIs413InBoto3() throws Exception {
        String output = Boto3Script.run(dir, "/reliability/boto3_large_body.py", keyline.endpoint());
        assertThat(output).contains("413 RequestEntityTooLarge");
    }

    @Test void aBodyTheBudgetCannotHoldIs503InTheSdk() throws Exception {
        int limit = 1024 * 1024;
        ServerOptions options = ServerOptions.defaults().withMaxRequestBytes(limit).withMaxBufferedRequestBytes(limit);
        try (KeylineServer server = new KeylineServer(FakeOperations.create(), options, SystemClock.INSTANCE)) {
            URI endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
            try (RawHttp holding = RawHttp.connect(endpoint); DynamoDbClient ddb = syncClient(endpoint)) {
                // Another client's body is arriving: 700 KB of it are held.
                Map<String, String> headers = new java.util.LinkedHashMap<>(RawHttp.apiHeaders("PutItem"));
                headers.put("Content-Length", Integer.toString(900_000));
                holding.write("POST", "/", headers, "x".repeat(700_000).getBytes(StandardCharsets.US_ASCII));
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (server.bufferedRequestBytes() < 700_000 && System.nanoTime() < deadline) Thread.sleep(5);

                assertThatThrownBy(() -> ddb.putItem(b -> b.tableName("tbl").item(item(600_000))))
                        .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                            assertThat(e.statusCode()).isEqualTo(503);
                            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ServiceUnavailable");
                        });
            }
        }
    }
}
