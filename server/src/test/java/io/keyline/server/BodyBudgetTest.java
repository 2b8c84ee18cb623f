package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * docs/RULES.md#SERVER-CONNECTION-LIMITS: the request bytes held across connections are bounded;
 * a body past the bound gets a retryable 503, and the bytes come back once requests are answered.
 */
class BodyBudgetTest {
    private static final int LARGEST = 64 * 1024;
    private static final int BUDGET = 100 * 1024;

    /** An Echo request whose body is {@code size} bytes of valid JSON. */
    private static byte[] body(int size) {
        String head = "{\"TableName\":\"t\",\"Item\":{\"p\":{\"S\":\"";
        String tail = "\"}}}";
        return (head + "x".repeat(size - head.length() - tail.length()) + tail).getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] head(int contentLength) {
        StringBuilder h = new StringBuilder("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + contentLength + "\r\n");
        Map<String, String> headers = RawHttp.apiHeaders("Echo");
        headers.forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
        return h.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void bodiesPastTheBudgetAreRefusedRetryablyAndTheBytesComeBack() throws Exception {
        ServerOptions options = ServerOptions.defaults().withMaxRequestBytes(LARGEST).withMaxBufferedRequestBytes(BUDGET);
        try (KeylineServer server = new KeylineServer(FakeOperations.create(), options, SystemClock.INSTANCE)) {
            URI endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
            byte[] large = body(60 * 1024);
            try (RawHttp holding = RawHttp.connect(endpoint); RawHttp second = RawHttp.connect(endpoint)) {
                // The first connection sends all but the last byte of its body: its bytes are held.
                holding.writeBytes(head(large.length));
                holding.writeBytes(java.util.Arrays.copyOf(large, large.length - 1));
                awaitUsedAtLeast(server, large.length - 1);

                // A second body of the same size does not fit beside it.
                RawHttp.Response refused = second.send("POST", "/", RawHttp.apiHeaders("Echo"), large);
                assertThat(refused.status()).isEqualTo(503);
                assertThat(refused.text()).contains("ServiceUnavailable").contains("too many request bytes");
                assertThat(second.serverClosedWithin(5_000)).isTrue();

                // The first completes and is answered; then its bytes go back to the budget.
                holding.writeBytes(new byte[] {large[large.length - 1]});
                assertThat(holding.read().status()).isEqualTo(200);
                awaitUsedAtMost(server, 0);
                assertThat(holding.call("Echo", new String(large, StandardCharsets.US_ASCII)).status()).isEqualTo(200);
            }
            awaitUsedAtMost(server, 0);
            try (RawHttp third = RawHttp.connect(endpoint)) {
                assertThat(third.call("Echo", new String(large, StandardCharsets.US_ASCII)).status()).isEqualTo(200);
            }
            awaitUsedAtMost(server, 0);
        }
    }

    private static void awaitUsedAtLeast(KeylineServer server, long bytes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.bufferedRequestBytes() < bytes && System.nanoTime() < deadline) Thread.sleep(5);
        assertThat(server.bufferedRequestBytes()).isGreaterThanOrEqualTo(bytes);
    }

    private static void awaitUsedAtMost(KeylineServer server, long bytes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.bufferedRequestBytes() > bytes && System.nanoTime() < deadline) Thread.sleep(5);
        assertThat(server.bufferedRequestBytes()).isLessThanOrEqualTo(bytes);
    }
}
