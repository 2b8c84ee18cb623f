package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.concurrent.CompletionException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The AWS SDK for Java v2 (which verifies x-amz-crc32 and maps __type to exception classes)
 * against the server, sync and async, through the test extension other modules use.
 */
class SdkClientTest {
    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory().withOperations(engine -> FakeOperations.create());

    @Test
    void syncClientReadsResults() {
        assertThat(keyline.client().listTables().tableNames()).containsExactly("alpha", "beta");
    }

    @Test
    void asyncClientReadsResults() {
        assertThat(keyline.asyncClient().listTables().join().tableNames()).containsExactly("alpha", "beta");
    }

    @Test
    void errorsBecomeTheSdksModelledExceptions() {
        assertThatThrownBy(() -> keyline.client().describeTable(b -> b.tableName("missing")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found: Table: missing not found")
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400))
                .satisfies(e -> assertThat(((DynamoDbException) e).requestId()).matches("[A-Z2-7]{52}"));
    }

    @Test
    void asyncErrorsToo() {
        assertThatThrownBy(() -> keyline.asyncClient().putItem(b -> b.tableName("t")).join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(ConditionalCheckFailedException.class);
    }

    @Test
    void manyConcurrentRequestsAreAllAnswered() {
        java.util.List<java.util.concurrent.CompletableFuture<?>> calls = new java.util.ArrayList<>();
        for (int i = 0; i < 400; i++) {
            calls.add(i % 4 == 0
                    ? keyline.asyncClient().describeTable(b -> b.tableName("x")).handle((r, e) -> e)
                    : keyline.asyncClient().listTables().thenApply(r -> r.tableNames()));
        }
        java.util.concurrent.CompletableFuture.allOf(calls.toArray(new java.util.concurrent.CompletableFuture[0])).join();
        for (int i = 0; i < calls.size(); i++) {
            Object result = calls.get(i).join();
            if (i % 4 == 0) assertThat(result).isInstanceOf(CompletionException.class)
                    .satisfies(e -> assertThat(((Throwable) e).getCause()).isInstanceOf(ResourceNotFoundException.class));
            else assertThat(result).isEqualTo(java.util.List.of("alpha", "beta"));
        }
    }

    @Test
    void sdkReadsTheCapitalMessageKeyToo() {
        // DynamoDB sends SerializationException and AccessDeniedException with "Message" (Reply.CAPITAL_MESSAGE_KEY);
        // the SDK must still see their code and text.
        assertThatThrownBy(() -> keyline.client().describeTimeToLive(b -> b.tableName("t")))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("SerializationException"))
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorMessage())
                        .isEqualTo("NUMBER_VALUE cannot be converted to String"));
        assertThatThrownBy(() -> keyline.client().untagResource(b -> b.resourceArn("arn:aws:dynamodb:us-east-1:000000000000:table/t").tagKeys("k")))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("AccessDeniedException"))
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorMessage()).startsWith("User: arn:aws:iam::"));
    }

    @Test
    void sdkReadsEverySignatureError() {
        // What the SDK sees when the signature's form is wrong (SignatureParser's texts): code and message.
        assertSdkError(rewritingAuthorization(a -> null), "MissingAuthenticationTokenException",
                "Request is missing Authentication Token");
        assertSdkError(rewritingAuthorization(a -> "AWS4-HMAC-SHA256 Credential=k"), "IncompleteSignatureException",
                "Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. "
                        + "Authorization=AWS4-HMAC-SHA256 Credential=k");
        assertSdkError(rewritingAuthorization(a -> a.replace("/dynamodb/", "/sqs/")), "InvalidSignatureException",
                "Credential should be scoped to correct service: 'dynamodb'.");
    }

    @Test
    void sdkWithoutCredentialsGetsMissingAuthenticationToken() {
        try (DynamoDbClient anonymous = DynamoDbClient.builder().endpointOverride(keyline.endpoint())
                .region(KeylineExtension.REGION).credentialsProvider(AnonymousCredentialsProvider.create())
                .httpClient(UrlConnectionHttpClient.create()).build()) {
            assertSdkError(anonymous, "MissingAuthenticationTokenException", "Request is missing Authentication Token");
        }
    }

    private static void assertSdkError(DynamoDbClient client, String code, String message) {
        try (client) {
            assertThatThrownBy(client::listTables)
                    .isInstanceOf(DynamoDbException.class)
                    .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400))
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo(code))
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorMessage()).isEqualTo(message));
        }
    }

    /** A client whose signed requests leave with their Authorization header rewritten (null: removed). */
    private static DynamoDbClient rewritingAuthorization(UnaryOperator<String> rewrite) {
        SdkHttpClient http = UrlConnectionHttpClient.create();
        SdkHttpClient rewriting = new SdkHttpClient() {
            @Override public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
                SdkHttpRequest signed = request.httpRequest();
                String authorization = rewrite.apply(signed.firstMatchingHeader("Authorization").orElseThrow());
                SdkHttpRequest sent = authorization == null ? signed.toBuilder().removeHeader("Authorization").build()
                        : signed.toBuilder().putHeader("Authorization", authorization).build();
                return http.prepareRequest(HttpExecuteRequest.builder().request(sent)
                        .contentStreamProvider(request.contentStreamProvider().orElse(null)).build());
            }

            @Override public void close() { http.close(); }
        };
        return DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(KeylineExtension.REGION)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(rewriting).build();
    }

    @Test
    void operationNotServedIsUnknownOperation() {
        assertThatThrownBy(() -> keyline.client().deleteTable(b -> b.tableName("t")))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException"));
    }
}
