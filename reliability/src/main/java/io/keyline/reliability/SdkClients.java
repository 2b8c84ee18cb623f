package io.keyline.reliability;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The AWS SDK for Java v2 clients the harnesses use (the synchronous client over
 * HttpURLConnection, real SigV4 signing). Clients that record outcomes never retry: a retry the
 * SDK hides would be an attempt the ledger does not know of. HttpURLConnection's own silent
 * resend of a POST on a stale keep-alive connection is switched off for the same reason.
 */
public final class SdkClients {
    public static final Region REGION = Region.US_EAST_1;
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    static {
        System.setProperty("sun.net.http.retryPost", "false");
    }

    private SdkClients() {}

    /** A client that sends each request once; every failure is the caller's to record. */
    public static DynamoDbClient noRetries(URI endpoint) {
        return builder(endpoint).overrideConfiguration(c -> c.retryStrategy(b -> b.maxAttempts(1)).apiCallTimeout(CALL_TIMEOUT)).build();
    }

    /** A client for setup and verification, with the SDK's standard retries. */
    public static DynamoDbClient withRetries(URI endpoint) {
        return builder(endpoint).overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).apiCallTimeout(CALL_TIMEOUT)).build();
    }

    private static software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder builder(URI endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(REGION)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("reliability", "reliability-secret")))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(CALL_TIMEOUT));
    }
}
