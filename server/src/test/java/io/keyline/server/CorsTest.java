package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * CORS as DynamoDB answers browser clients (docs/RULES.md#AUTH-CORS), the cases of Alternator's
 * test_cors.py: no Origin, no CORS headers; an Origin, {@code *} and the exposed headers on every
 * reply; a preflight echoes what it asks for and says how long to keep the answer.
 */
class CorsTest {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();

    private static final String[] CORS_HEADERS = {"Access-Control-Allow-Origin", "Access-Control-Allow-Credentials",
            "Access-Control-Expose-Headers", "Access-Control-Max-Age", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers"};

    @Test void noOriginNoCorsHeaders() {
        try (RawHttp raw = keyline.raw()) {
            for (RawHttp.Response r : new RawHttp.Response[] {raw.send("OPTIONS", "/", Map.of(), null), raw.send("GET", "/", Map.of(), null),
                    raw.call("ListTables", "{}")}) {
                for (String h : CORS_HEADERS) assertThat(r.header(h)).as(h).isNull();
            }
        }
    }

    @Test void anOriginIsAllowedOnEveryReply() {
        try (RawHttp raw = keyline.raw()) {
            Map<String, String> api = new LinkedHashMap<>(RawHttp.apiHeaders("ListTables"));
            api.put("Origin", "http://example.com/");
            for (RawHttp.Response r : new RawHttp.Response[] {raw.send("GET", "/", Map.of("Origin", "http://example.com/"), null),
                    raw.send("POST", "/", api, "{}".getBytes(StandardCharsets.UTF_8)),
                    raw.send("POST", "/", api, "{not json".getBytes(StandardCharsets.UTF_8))}) {
                assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
                assertThat(r.header("Access-Control-Expose-Headers")).isEqualTo(Cors.EXPOSED).contains("x-amzn-RequestId");
                assertThat(r.header("Access-Control-Max-Age")).isNull();
                assertThat(r.header("Access-Control-Allow-Methods")).isNull();
            }
        }
    }

    @Test void aPreflightEchoesWhatItAsksFor() {
        try (RawHttp raw = keyline.raw()) {
            RawHttp.Response r = raw.send("OPTIONS", "/", Map.of("Origin", "http://example.com/",
                    "Access-Control-Request-Method", "dog", "Access-Control-Request-Headers", "cat, meerkat, mouse"), null);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
            assertThat(r.header("Access-Control-Expose-Headers")).isEqualTo(Cors.EXPOSED);
            assertThat(r.header("Access-Control-Max-Age")).isEqualTo("172800");
            assertThat(r.header("Access-Control-Allow-Methods")).isEqualTo("dog");
            assertThat(r.header("Access-Control-Allow-Headers")).isEqualTo("cat, meerkat, mouse");
            assertThat(r.body()).isEmpty();
            // the connection stays usable
            assertThat(raw.call("ListTables", "{}").status()).isEqualTo(200);
        }
    }
}
