package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** HTTP/1.1 connection handling: keep-alive, Connection: close, pipelining, oversized headers. */
class ConnectionTest {
    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory().withOperations(engine -> FakeOperations.create());

    @Test
    void keepAliveServesManyRequestsOnOneConnection() {
        try (RawHttp http = keyline.raw()) {
            for (int i = 0; i < 5; i++) {
                RawHttp.Response r = http.call("ListTables", "{}");
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("Connection")).isNull();
            }
        }
    }

    @Test
    void connectionCloseIsHonoured() {
        Map<String, String> h = RawHttp.apiHeaders("ListTables");
        h.put("Connection", "close");
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("POST", "/", h, "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(http.serverClosed()).isTrue();
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() {
        try (RawHttp http = keyline.raw()) {
            http.write("POST", "/", RawHttp.apiHeaders("Validate"), "{}".getBytes(StandardCharsets.UTF_8));
            http.write("POST", "/", RawHttp.apiHeaders("ListTables"), "{}".getBytes(StandardCharsets.UTF_8));
            http.write("POST", "/", RawHttp.apiHeaders("Crash"), "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(http.read().status()).isEqualTo(400);
            assertThat(http.read().text()).contains("alpha");
            assertThat(http.read().status()).isEqualTo(500);
        }
    }

    @Test
    void errorsKeepTheConnectionOpen() {
        try (RawHttp http = keyline.raw()) {
            assertThat(http.call("Nope", "{}").status()).isEqualTo(400);
            assertThat(http.call("Echo", "{oops").status()).isEqualTo(400);
            assertThat(http.call("ListTables", "{}").status()).isEqualTo(200);
        }
    }

    @Test
    void oversizedHeadersAreBadRequest() {
        Map<String, String> h = RawHttp.apiHeaders("ListTables");
        h.put("header1", "x".repeat(8192));
        h.put("header2", "y".repeat(8192));
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("POST", "/", h, "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.text()).doesNotContain("InvalidSignatureException");
        }
    }

    @Test
    void oversizedRequestLineIsBadRequest() {
        try (RawHttp http = keyline.raw()) {
            RawHttp.Response r = http.send("POST", "/" + "x".repeat(17_000), RawHttp.apiHeaders("ListTables"),
                    "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(400);
        }
    }
}
