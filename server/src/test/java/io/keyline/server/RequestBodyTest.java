package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.protocol.Json;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.server.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Request bodies: the size limit (plain, chunked, decompressed) and Content-Encoding. */
class RequestBodyTest {
    /** Small enough that tests go past it quickly; the 16 MB default is checked by header alone. */
    static final int LIMIT = 64 * 1024;

    @RegisterExtension
    static KeylineExtension keyline = KeylineExtension.inMemory()
            .withOperations(engine -> FakeOperations.create())
            .withServerOptions(ServerOptions.defaults().withWorkerThreads(2).withMaxRequestBytes(LIMIT));

    static final String ECHO_BODY = "{\"TableName\":\"t\",\"Item\":{\"p\":{\"S\":\"x\"}}}";

    static byte[] gzip(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(s.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] deflate(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(out)) {
            d.write(s.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    static RawHttp.Response encoded(String encoding, byte[] body) {
        Map<String, String> h = RawHttp.apiHeaders("Echo");
        h.put("Content-Encoding", encoding);
        try (RawHttp http = keyline.raw()) {
            return http.send("POST", "/", h, body);
        }
    }

    static String type(RawHttp.Response r) {
        return (String) ((Map<?, ?>) Json.parse(r.body())).get("__type");
    }

    @Nested
    class SizeLimit {
        @Test
        void bodyAtTheLimitIsServed() {
            String body = ECHO_BODY.substring(0, ECHO_BODY.length() - 1) + " ".repeat(LIMIT - ECHO_BODY.length()) + "}";
            assertThat(body.length()).isEqualTo(LIMIT);
            try (RawHttp http = keyline.raw()) {
                assertThat(http.call("Echo", body).status()).isEqualTo(200);
            }
        }

        @Test
        void announcedOversizeIsRefusedBeforeTheBodyIsSent() {
            Map<String, String> h = RawHttp.apiHeaders("Echo");
            h.put("Content-Length", String.valueOf(LIMIT + 1));
            try (RawHttp http = keyline.raw()) {
                http.write("POST", "/", h, null); // headers only: the reply must not wait for the body
                RawHttp.Response r = http.read();
                assertThat(r.status()).isEqualTo(413);
                assertThat(type(r)).isEqualTo("com.amazon.coral.service#RequestEntityTooLarge");
                assertThat(r.header("x-amz-crc32")).isNotNull();
                assertThat(http.serverClosed()).isTrue();
            }
        }

        @Test
        void oversizeWithExpectContinueIsRefusedInsteadOfContinued() {
            Map<String, String> h = RawHttp.apiHeaders("Echo");
            h.put("Content-Length", String.valueOf(LIMIT + 1));
            h.put("Expect", "100-continue");
            try (RawHttp http = keyline.raw()) {
                http.write("POST", "/", h, null);
                RawHttp.Response r = http.read();
                assertThat(r.status()).isEqualTo(413);
                assertThat(type(r)).isEqualTo("com.amazon.coral.service#RequestEntityTooLarge");
            }
        }

        @Test
        void expectContinueWithinTheLimitIsContinued() {
            Map<String, String> h = RawHttp.apiHeaders("Echo");
            h.put("Expect", "100-continue");
            h.put("Content-Length", String.valueOf(ECHO_BODY.length()));
            try (RawHttp http = keyline.raw()) {
                http.write("POST", "/", h, null);
                assertThat(http.read().status()).isEqualTo(100);
                http.writeBytes(ECHO_BODY.getBytes(StandardCharsets.UTF_8));
                assertThat(http.read().text()).isEqualTo(ECHO_BODY);
            }
        }

        @Test
        void chunkedOversizeIsRefusedOnceItPassesTheLimit() {
            Map<String, String> h = RawHttp.apiHeaders("Echo");
            h.put("Transfer-Encoding", "chunked");
            try (RawHttp http = keyline.raw()) {
                http.write("POST", "/", h, null);
                String chunk = " ".repeat(8 * 1024);
                byte[] frame = (Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n").getBytes(StandardCharsets.US_ASCII);
                try {
                    for (int sent = 0; sent <= LIMIT + frame.length; sent += chunk.length()) http.writeBytes(frame);
                } catch (UncheckedIOException closedWhileSending) {
                    // the server may close before we finish: the reply is still there to read
                }
                RawHttp.Response r = http.read();
                assertThat(r.status()).isEqualTo(413);
            }
        }

        @Test
        void defaultLimitIsDynamoDbs16Megabytes() {
            assertThat(ServerOptions.defaults().maxRequestBytes()).isEqualTo(16 * 1024 * 1024);
            try (KeylineServer server = new KeylineServer(FakeOperations.create())) {
                int port = server.start("127.0.0.1", 0);
                for (int length : new int[] {16 * 1024 * 1024 + 7, 50 * 1024 * 1024}) {
                    Map<String, String> h = RawHttp.apiHeaders("Echo");
                    h.put("Content-Length", String.valueOf(length));
                    try (RawHttp http = RawHttp.connect(java.net.URI.create("http://127.0.0.1:" + port))) {
                        http.write("POST", "/", h, null);
                        assertThat(http.read().status()).as("%d bytes announced", length).isEqualTo(413);
                    }
                }
            }
        }

        @Test
        void gzipThatExpandsPastTheLimitIsRefused() {
            String body = ECHO_BODY.substring(0, ECHO_BODY.length() - 1) + " ".repeat(LIMIT) + "}";
            byte[] compressed = gzip(body);
            assertThat(compressed.length).isLessThan(LIMIT);
            RawHttp.Response r = encoded("gzip", compressed);
            assertThat(r.status()).isEqualTo(413);
        }
    }

    @Nested
    class ContentEncoding {
        @Test
        void gzipBodyIsDecoded() {
            RawHttp.Response r = encoded("gzip", gzip(ECHO_BODY));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo(ECHO_BODY);
        }

        @Test
        void concatenatedGzipMembersAreOneBody() {
            byte[] body = concat(gzip(ECHO_BODY.substring(0, 10)), gzip(ECHO_BODY.substring(10)));
            RawHttp.Response r = encoded("gzip", body);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo(ECHO_BODY);
        }

        @Test
        void deflateBodyIsDecoded() {
            RawHttp.Response r = encoded("deflate", deflate(ECHO_BODY));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo(ECHO_BODY);
        }

        @Test
        void identityEncodingIsPlain() {
            assertThat(encoded("identity", ECHO_BODY.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
        }

        @Test
        void unknownEncodingIsInternalServerError() {
            RawHttp.Response r = encoded("garbage", ECHO_BODY.getBytes(StandardCharsets.UTF_8));
            assertThat(r.status()).isEqualTo(500);
            assertThat(type(r)).isEqualTo("com.amazonaws.dynamodb.v20120810#InternalServerError");
        }

        @Test
        void bodiesThatAreNotWhatTheyClaimAreInternalServerErrors() {
            byte[] plain = ECHO_BODY.getBytes(StandardCharsets.UTF_8);
            byte[] gz = gzip(ECHO_BODY);
            byte[] truncated = java.util.Arrays.copyOf(gz, gz.length - 1);
            assertThat(encoded("gzip", plain).status()).as("plain as gzip").isEqualTo(500);
            assertThat(encoded("gzip", new byte[0]).status()).as("empty gzip").isEqualTo(500);
            assertThat(encoded("gzip", truncated).status()).as("truncated gzip").isEqualTo(500);
            assertThat(encoded("deflate", plain).status()).as("plain as deflate").isEqualTo(500);
            assertThat(encoded("deflate", new byte[0]).status()).as("empty deflate").isEqualTo(500);
        }
    }

    /** docs/RULES.md#WIRE-UTF8, over the wire and through a decompressed body. */
    @Nested
    class Utf8 {
        @Test
        void malformedUtf8AndLoneSurrogatesAreSerializationExceptions() {
            byte[] overlong = "{\"TableName\":\"t\",\"Item\":{\"p\":{\"S\":\"k__\"}}}".getBytes(StandardCharsets.US_ASCII);
            int at = new String(overlong, StandardCharsets.US_ASCII).indexOf("__");
            overlong[at] = (byte) 0xC0;
            overlong[at + 1] = (byte) 0xAF;
            byte[] surrogate = "{\"TableName\":\"t\",\"Item\":{\"p\":{\"S\":\"k\\ud800\"}}}".getBytes(StandardCharsets.US_ASCII);
            for (RawHttp.Response r : new RawHttp.Response[] {encoded("identity", overlong), encoded("identity", surrogate),
                    encoded("gzip", gzipBytes(overlong))}) {
                assertThat(r.status()).isEqualTo(400);
                assertThat(type(r)).isEqualTo("com.amazon.coral.service#SerializationException");
            }
            assertThat(encoded("identity", "{\"TableName\":\"t\",\"Item\":{\"p\":{\"S\":\"k\u00e9\"}}}"
                    .getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
        }

        private byte[] gzipBytes(byte[] body) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream g = new GZIPOutputStream(out)) {
                g.write(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }
}
