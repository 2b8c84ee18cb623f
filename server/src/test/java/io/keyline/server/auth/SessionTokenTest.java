package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.ServerSecurity;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.SystemClock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Temporary credentials under {@code --auth enforce} (docs/RULES.md#AUTH-SESSION-TOKEN): a
 * section of the credentials file with {@code aws_session_token} admits the SDK's session
 * credentials with that token, and refuses its key without the token or with another; a
 * long-term key sent with a token is refused too. Each refusal is UnrecognizedClientException.
 */
class SessionTokenTest {
    static final String TEMP_KEY = "ASIATEMPORARY0001", TEMP_SECRET = "temp/secret", TOKEN = "FwoGZXIvYXdzEBYaDH+session/token==";

    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory()
            .withSecurity(new ServerSecurity(Authenticator.enforce(CredentialStore.of(CredentialsFile.parse(
                    "[long-term]\naws_access_key_id = " + KeylineExtension.ACCESS_KEY + "\naws_secret_access_key = "
                            + KeylineExtension.SECRET_KEY + "\n\n[temporary]\naws_access_key_id = " + TEMP_KEY
                            + "\naws_secret_access_key = " + TEMP_SECRET + "\naws_session_token = " + TOKEN + "\n")),
                    SystemClock.INSTANCE), null));

    private static DynamoDbClient client(AwsCredentials credentials) {
        return DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(credentials))
                .overrideConfiguration(c -> c.retryStrategy(software.amazon.awssdk.core.retry.RetryMode.STANDARD)
                        .retryPolicy(p -> p.numRetries(0)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static void refused(AwsCredentials credentials) {
        try (DynamoDbClient ddb = client(credentials)) {
            assertThatThrownBy(ddb::listTables).isInstanceOfSatisfying(DynamoDbException.class, e -> {
                assertThat(e.statusCode()).isEqualTo(400);
                assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnrecognizedClientException");
                assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(Authenticator.UNKNOWN_KEY_MESSAGE);
            });
        }
    }

    @Test void theFileReadsTheTokenAndNeverShowsIt() {
        Credential c = CredentialsFile.parse("[t]\naws_access_key_id = A\naws_secret_access_key = S\naws_session_token = T0k3n\n").get("A");
        assertThat(c.sessionToken()).isEqualTo("T0k3n");
        assertThat(c.toString()).doesNotContain("T0k3n").contains("sessionToken=****");
        assertThat(CredentialsFile.parse("[t]\naws_access_key_id = A\naws_secret_access_key = S\n").get("A").sessionToken()).isNull();
    }

    @Test void sessionCredentialsWithTheFilesTokenAreAdmitted() {
        try (DynamoDbClient ddb = client(AwsSessionCredentials.create(TEMP_KEY, TEMP_SECRET, TOKEN))) {
            assertThat(ddb.listTables().tableNames()).isNotNull();
        }
        try (DynamoDbClient ddb = client(AwsBasicCredentials.create(KeylineExtension.ACCESS_KEY, KeylineExtension.SECRET_KEY))) {
            assertThat(ddb.listTables().tableNames()).isNotNull();
        }
    }

    @Test void aTemporaryKeyWithoutItsTokenOrWithAnotherIsRefused() {
        refused(AwsBasicCredentials.create(TEMP_KEY, TEMP_SECRET));
        refused(AwsSessionCredentials.create(TEMP_KEY, TEMP_SECRET, TOKEN + "x"));
    }

    @Test void aLongTermKeySentWithATokenIsRefused() {
        refused(AwsSessionCredentials.create(KeylineExtension.ACCESS_KEY, KeylineExtension.SECRET_KEY, TOKEN));
    }

    @Test void aPresignedQueryCarriesItsTokenToo() {
        Map<String, String> none = Map.of();
        assertThat(Authenticator.sessionTokenOf(new io.keyline.server.sigv4.SignedRequest("GET", "/",
                "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Security-Token=a%2Bb%2F%3D", none::get, n -> java.util.List.of(), null, false)))
                .isEqualTo("a+b/=");
    }
}
