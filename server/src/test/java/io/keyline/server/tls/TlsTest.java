package io.keyline.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.ServerSecurity;
import io.keyline.server.auth.Authenticator;
import io.keyline.server.auth.Credential;
import io.keyline.server.auth.CredentialStore;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code --tls-cert} / {@code --tls-key}: the AWS SDK for Java v2 connects over HTTPS with a CA
 * made in the test, its requests verified as ever; the port speaks no cleartext; a PKCS#1 key or a
 * missing file is a clear error.
 */
class TlsTest {
    @TempDir Path dir;

    @Test void theSdkConnectsWithTheTestCa() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        CredentialStore keys = CredentialStore.of(Map.of(KeylineExtension.ACCESS_KEY,
                new Credential(KeylineExtension.ACCESS_KEY, KeylineExtension.SECRET_KEY, "123456789012")));
        KeylineExtension keyline = KeylineExtension.inMemory().withSecurity(new ServerSecurity(
                Authenticator.enforce(keys, SystemClock.INSTANCE), PemTls.serverContext(certs.chain(), certs.key())));
        keyline.start();
        try (DynamoDbClient ddb = DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(KeylineExtension.credentials())
                .httpClient(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(() -> {
                    try {
                        return certs.trust().getTrustManagers();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }).build()).build()) {
            assertThat(keyline.endpoint().getScheme()).isEqualTo("https");
            ddb.createTable(b -> b.tableName("OverTls").billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
            assertThat(ddb.listTables().tableNames()).containsExactly("OverTls");
            // cleartext on the TLS port gets no HTTP answer
            try (RawHttp raw = RawHttp.connect(keyline.endpoint())) {
                assertThatThrownBy(() -> raw.send("GET", "/", Map.of(), null)).isInstanceOf(RuntimeException.class);
            }
        } finally {
            keyline.stop();
        }
    }

    @Test void badFilesAreClearErrors() throws Exception {
        Path key = dir.resolve("rsa.pem");
        Files.writeString(key, "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        Path cert = dir.resolve("cert.pem");
        Files.writeString(cert, "not a certificate");
        assertThatThrownBy(() -> PemTls.serverContext(cert, key)).hasMessageContaining("PKCS#1").hasMessageContaining("openssl pkcs8");
        assertThatThrownBy(() -> PemTls.serverContext(dir.resolve("none.pem"), key)).hasMessageContaining("--tls-cert")
                .hasMessageContaining("is not a readable file");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
        assertThatThrownBy(() -> PemTls.serverContext(cert, key)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot use --tls-cert");
    }
}
