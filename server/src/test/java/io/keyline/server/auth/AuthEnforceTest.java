package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.ServerSecurity;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code --auth enforce} over HTTP: the AWS SDK for Java v2 verifies; a wrong secret, an unknown
 * key, no signature, an old or future signature, a changed body or header are each refused with
 * DynamoDB's error and text; presigned queries verify; each account sees its own tables; the
 * admin pages ask for the same credentials (docs/RULES.md#AUTH-SIGV4-ORDER, #AUTH-ACCOUNTS, #AUTH-ADMIN).
 */
class AuthEnforceTest {
    static final String KEY_A = KeylineExtension.ACCESS_KEY, SECRET_A = KeylineExtension.SECRET_KEY, ACCOUNT_A = "111122223333";
    static final String KEY_B = "AKIDACCOUNTB", SECRET_B = "b/secret+key=", ACCOUNT_B = "444455556666";

    static CredentialStore credentials() {
        return CredentialStore.of(Map.of(
                KEY_A, new Credential(KEY_A, SECRET_A, ACCOUNT_A),
                KEY_B, new Credential(KEY_B, SECRET_B, ACCOUNT_B)));
    }

    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory()
            .withSecurity(new ServerSecurity(Authenticator.enforce(credentials(), SystemClock.INSTANCE), null));

    static DynamoDbClient client(String key, String secret) {
        return DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret)))
                .overrideConfiguration(c -> c.retryStrategy(software.amazon.awssdk.core.retry.RetryMode.STANDARD)
                        .retryPolicy(p -> p.numRetries(0)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    static void createTable(DynamoDbClient ddb, String name) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
    }

    @Test void theSdkVerifiesSyncAndAsync() {
        createTable(keyline.client(), "Verified");
        keyline.client().putItem(b -> b.tableName("Verified").item(Map.of("pk", AttributeValue.fromS("x"), "v", AttributeValue.fromS("é ü"))));
        assertThat(keyline.asyncClient().getItem(b -> b.tableName("Verified").key(Map.of("pk", AttributeValue.fromS("x")))).join()
                .item()).containsEntry("v", AttributeValue.fromS("é ü"));
        assertThat(keyline.client().describeTable(b -> b.tableName("Verified")).table().tableArn())
                .isEqualTo("arn:aws:dynamodb:us-east-1:" + ACCOUNT_A + ":table/Verified");
    }

    @Test void aWrongSecretIsInvalidSignature() {
        try (DynamoDbClient wrong = client(KEY_A, "not-the-secret")) {
            assertThatThrownBy(wrong::listTables).isInstanceOfSatisfying(DynamoDbException.class, e -> {
                assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException");
                assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(Authenticator.MISMATCH_MESSAGE);
                assertThat(e.statusCode()).isEqualTo(400);
            });
        }
    }

    @Test void anUnknownKeyIsUnrecognizedClient() {
        try (DynamoDbClient unknown = client("AKIDUNKNOWN", SECRET_A)) {
            assertThatThrownBy(unknown::listTables).isInstanceOfSatisfying(DynamoDbException.class, e -> {
                assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnrecognizedClientException");
                assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("The security token included in the request is invalid.");
            });
        }
    }

    @Test void noSignatureIsMissingAuthenticationToken() {
        try (RawHttp raw = keyline.raw()) {
            Map<String, String> h = new LinkedHashMap<>(RawHttp.apiHeaders("ListTables"));
            h.remove("Authorization");
            RawHttp.Response r = raw.send("POST", "/", h, "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.text()).contains("MissingAuthenticationTokenException").contains("Request is missing Authentication Token");
        }
    }

    @Test void aSignatureOlderOrNewerThanFifteenMinutesIsRefusedBeforeItsScope() {
        Instant old = Instant.now().minus(Duration.ofMinutes(16));
        RawHttp.Response r = send(SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", KEY_A, SECRET_A, "us-east-1", old, false));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.text()).contains("InvalidSignatureException").containsPattern(
                "Signature expired: \\d{8}T\\d{6}Z is now earlier than \\d{8}T\\d{6}Z \\(\\d{8}T\\d{6}Z - 15 min.\\)");
        RawHttp.Response future = send(SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", KEY_A, SECRET_A, "us-east-1",
                Instant.now().plus(Duration.ofMinutes(16)), false));
        assertThat(future.text()).contains("InvalidSignatureException").containsPattern(
                "Signature not yet current: \\d{8}T\\d{6}Z is still later than \\d{8}T\\d{6}Z \\(\\d{8}T\\d{6}Z \\+ 15 min.\\)");
        // Alternator's test_expired_signature (run against DynamoDB): expiry is told before a wrong scope
        try (RawHttp raw = keyline.raw()) {
            Map<String, String> h = new LinkedHashMap<>(RawHttp.apiHeaders("DescribeEndpoints"));
            h.put("X-Amz-Date", "20170101T010101Z");
            h.put("Authorization", "AWS4-HMAC-SHA256 Credential=cassandra/2/3/4/aws4_request SignedHeaders=x-amz-date;host Signature=123");
            assertThat(raw.send("POST", "/", h, "{}".getBytes(StandardCharsets.UTF_8)).text())
                    .contains("InvalidSignatureException").contains("Signature expired");
        }
        RawHttp.Response recent = send(SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", KEY_A, SECRET_A, "us-east-1",
                Instant.now().minus(Duration.ofMinutes(14)), false));
        assertThat(recent.status()).as(recent.text()).isEqualTo(200);
    }

    @Test void aChangedBodyOrSignedHeaderIsInvalidSignature() {
        SdkSigner.Signed good = SdkSigner.sign(keyline.endpoint(), "ListTables", "{\"Limit\":5}", KEY_A, SECRET_A, "us-east-1", Instant.now(), false);
        assertThat(send(good).status()).isEqualTo(200);
        SdkSigner.Signed body = new SdkSigner.Signed(good.pathAndQuery(), good.headers(), "{\"Limit\":6}".getBytes(StandardCharsets.UTF_8));
        assertThat(send(body).text()).contains("InvalidSignatureException").contains(Authenticator.MISMATCH_MESSAGE);
        Map<String, String> h = new LinkedHashMap<>(good.headers());
        h.put("X-Amz-Target", "DynamoDB_20120810.DescribeLimits");
        assertThat(send(new SdkSigner.Signed(good.pathAndQuery(), h, good.body())).text()).contains("InvalidSignatureException");
        // what proxies may do to headers keeps the signature: case, order, spaces
        Map<String, String> reordered = new LinkedHashMap<>();
        good.headers().entrySet().stream().sorted(Map.Entry.comparingByKey(java.util.Comparator.reverseOrder()))
                .forEach(e -> reordered.put(e.getKey().toUpperCase(java.util.Locale.ROOT), "  " + e.getValue() + "  "));
        RawHttp.Response ok = send(new SdkSigner.Signed(good.pathAndQuery(), reordered, good.body()));
        assertThat(ok.status()).as(ok.text()).isEqualTo(200);
    }

    @Test void aPresignedQueryVerifies() {
        SdkSigner.Signed presigned = SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", KEY_A, SECRET_A, "us-east-1", Instant.now(), true);
        assertThat(presigned.pathAndQuery()).contains("X-Amz-Signature=");
        RawHttp.Response r = send(presigned);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        String forged = presigned.pathAndQuery().replaceAll("X-Amz-Signature=[0-9a-f]+", "X-Amz-Signature=" + "0".repeat(64));
        assertThat(send(new SdkSigner.Signed(forged, presigned.headers(), presigned.body())).text()).contains("InvalidSignatureException");
        SdkSigner.Signed stale = SdkSigner.sign(keyline.endpoint(), "ListTables", "{}", KEY_A, SECRET_A, "us-east-1",
                Instant.now().minus(Duration.ofMinutes(6)), true);
        assertThat(send(stale).text()).contains("InvalidSignatureException").contains("Signature expired");
    }

    @Test void eachAccountSeesItsOwnTables() {
        try (DynamoDbClient b = client(KEY_B, SECRET_B)) {
            createTable(keyline.client(), "Shared");
            createTable(b, "Shared");
            createTable(b, "OnlyB");
            keyline.client().putItem(r -> r.tableName("Shared").item(Map.of("pk", AttributeValue.fromS("from-a"))));
            assertThat(b.scan(r -> r.tableName("Shared")).count()).isZero();
            assertThat(b.listTables().tableNames()).contains("OnlyB", "Shared");
            assertThat(keyline.client().listTables().tableNames()).contains("Shared").doesNotContain("OnlyB");
            assertThatThrownBy(() -> keyline.client().describeTable(r -> r.tableName("OnlyB"))).isInstanceOf(ResourceNotFoundException.class);
            assertThat(b.describeTable(r -> r.tableName("OnlyB")).table().tableArn()).contains(":" + ACCOUNT_B + ":table/OnlyB");
        }
    }

    @Test void adminPagesAskForTheSameCredentials() {
        try (RawHttp raw = keyline.raw()) {
            RawHttp.Response none = raw.send("GET", "/metrics", Map.of(), null);
            assertThat(none.status()).isEqualTo(401);
            assertThat(none.header("WWW-Authenticate")).startsWith("Basic realm=");
            assertThat(raw.send("GET", "/dashboard", Map.of("Authorization", basic(KEY_A, "wrong")), null).status()).isEqualTo(401);
            assertThat(raw.send("GET", "/metrics", Map.of("Authorization", basic(KEY_B, SECRET_B)), null).status()).isEqualTo(200);
            assertThat(raw.send("GET", "/admin/partitions", Map.of("Authorization", basic(KEY_A, SECRET_A)), null).status()).isEqualTo(200);
            assertThat(raw.send("GET", "/", Map.of(), null).status()).as("the health check stays open").isEqualTo(200);
        }
    }

    static String basic(String key, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((key + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }

    static RawHttp.Response send(SdkSigner.Signed s) {
        try (RawHttp raw = RawHttp.connect(keyline.endpoint())) {
            return raw.send("POST", s.pathAndQuery(), s.headers(), s.body());
        }
    }

    static URI endpoint() { return keyline.endpoint(); }
}
