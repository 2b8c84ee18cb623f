package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.auth.Authenticator;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Host checking over HTTP under {@code --auth none} (docs/RULES.md#SERVER-HOST): the AWS SDK for
 * Java v2 and boto3 work unchanged through {@code localhost} and {@code 127.0.0.1}; requests
 * calling the server {@code [::1]} or by a name of {@code --allowed-hosts} are served; a request
 * whose Host is a rebinding page's name gets 404 UnknownOperationException before its body is
 * read, the health check and a CORS preflight included, and its connection is closed.
 */
class HostCheckOverHttpTest {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory().withSecurity(
            new ServerSecurity(Authenticator.none(), null, HostCheck.of("127.0.0.1", List.of("keyline.internal"))));

    @TempDir Path dir;

    private static DynamoDbClient sdk(String host) {
        return DynamoDbClient.builder().endpointOverride(URI.create("http://" + host + ":" + keyline.port()))
                .region(KeylineExtension.REGION).credentialsProvider(KeylineExtension.credentials())
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static RawHttp.Response call(String host, String method, Map<String, String> extra, byte[] body) {
        try (RawHttp raw = keyline.raw()) {
            Map<String, String> headers = new LinkedHashMap<>(RawHttp.apiHeaders("ListTables"));
            headers.putAll(extra);
            headers.put("Host", host);
            return raw.send(method, "/", headers, body);
        }
    }

    @Test void theSdkWorksThroughLocalhostAndTheLoopbackAddress() {
        for (String host : List.of("localhost", "127.0.0.1")) {
            try (DynamoDbClient ddb = sdk(host)) {
                assertThat(ddb.listTables().tableNames()).as(host).isNotNull();
            }
        }
    }

    @Test void boto3AndTheCliWorkUnchanged() throws Exception {
        String output = Boto3Script.run(dir, "/reliability/boto3_hosts.py", keyline.endpoint());
        assertThat(output).contains("localhost ok").contains("127.0.0.1 ok");
    }

    @Test void ipv6LoopbackAndConfiguredNamesAreServed() {
        for (String host : List.of("[::1]:" + keyline.port(), "keyline.internal:" + keyline.port(), "KEYLINE.INTERNAL.", "app.localhost")) {
            RawHttp.Response r = call(host, "POST", Map.of(), "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).as(host).isEqualTo(200);
        }
    }

    @Test void aForeignHostIsRefusedBeforeItsBodyAndTheConnectionClosed() {
        try (RawHttp raw = keyline.raw()) {
            Map<String, String> headers = new LinkedHashMap<>(RawHttp.apiHeaders("ListTables"));
            headers.put("Host", "attacker.example:" + keyline.port());
            headers.put("Content-Length", "10000000");
            raw.write("POST", "/", headers, "{\"Tab".getBytes(StandardCharsets.UTF_8)); // 5 of 10,000,000 bytes
            RawHttp.Response r = raw.read();
            assertThat(r.status()).isEqualTo(404);
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(r.text()).contains("UnknownOperationException")
                    .contains("Host 'attacker.example:" + keyline.port() + "' does not name this server").contains("--allowed-hosts");
            assertThat(raw.serverClosedWithin(5_000)).isTrue();
        }
    }

    @Test void theHealthCheckAndAPreflightAreRefusedToo() {
        assertThat(call("attacker.example", "GET", Map.of(), null).status()).isEqualTo(404);
        RawHttp.Response preflight = call("attacker.example", "OPTIONS", Map.of("Origin", "http://attacker.example",
                "Access-Control-Request-Method", "POST"), null);
        assertThat(preflight.status()).isEqualTo(404);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
        assertThat(call("localhost:" + keyline.port(), "GET", Map.of(), null).status()).isEqualTo(200);
    }
}
