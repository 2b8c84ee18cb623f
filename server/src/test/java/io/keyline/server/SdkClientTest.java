package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
    void operationNotServedIsUnknownOperation() {
        assertThatThrownBy(() -> keyline.client().deleteTable(b -> b.tableName("t")))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException"));
    }
}
