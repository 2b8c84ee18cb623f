package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.op.Operation;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/RULES.md#SERVER-CONNECTION-LIMITS with short timeouts: idle connections and slow senders
 * are closed, a long-running request is not.
 */
class ConnectionLimitsTest {
    private static final Duration IDLE = Duration.ofMillis(400);
    private static final Duration READ = Duration.ofMillis(400);
    private static KeylineServer server;
    private static URI endpoint;

    @BeforeAll
    static void start() {
        Operation<JsonObject> slow = new Operation<JsonObject>() {
            @Override public String name() { return "Slow"; }

            @Override public JsonObject decode(JsonObject request) { return request; }

            @Override public Object run(JsonObject request) {
                try {
                    Thread.sleep(3 * IDLE.toMillis()); // the operation's own duration, longer than the idle timeout
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Map.of("done", true);
            }
        };
        List<Operation<?>> ops = new ArrayList<>(FakeOperations.create().all().values());
        ops.add(slow);
        server = new KeylineServer(new Operations(ops),
                ServerOptions.defaults().withConnectionTimeouts(IDLE, READ), SystemClock.INSTANCE);
        endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void anIdleConnectionIsClosedAfterTheIdleTimeout() {
        try (RawHttp http = RawHttp.connect(endpoint)) {
            assertThat(http.call("ListTables", "{}").status()).isEqualTo(200);
            assertThat(http.serverClosedWithin(10_000)).isTrue();
        }
        try (RawHttp silent = RawHttp.connect(endpoint)) {
            assertThat(silent.serverClosedWithin(10_000)).as("a connection that never sends").isTrue();
        }
    }

    @Test
    void aConnectionInUseStaysOpen() {
        try (RawHttp http = RawHttp.connect(endpoint)) {
            for (int i = 0; i < 3; i++) {
                assertThat(http.call("ListTables", "{}").status()).isEqualTo(200);
                assertThat(http.serverClosedWithin((int) IDLE.toMillis() / 4)).isFalse();
            }
        }
    }

    @Test
    void aRequestRunningLongerThanTheIdleTimeoutIsAnswered() {
        try (RawHttp http = RawHttp.connect(endpoint)) {
            RawHttp.Response r = http.call("Slow", "{}");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("{\"done\":true}");
        }
    }

    @Test
    void aBodyThatDoesNotArriveInTimeLosesItsConnection() {
        try (RawHttp http = RawHttp.connect(endpoint)) {
            Map<String, String> h = RawHttp.apiHeaders("ListTables");
            h.put("Content-Length", "100");
            StringBuilder head = new StringBuilder("POST / HTTP/1.1\r\nHost: x\r\n");
            h.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            http.writeBytes((head + "\r\n{\"a\":").getBytes(StandardCharsets.US_ASCII));
            // Keep sending, more slowly than the body needs, so the idle timer alone would never fire.
            boolean closed = false;
            for (int i = 0; i < 40 && !closed; i++) {
                try {
                    http.writeBytes(new byte[] {' '});
                } catch (RuntimeException e) {
                    closed = true;
                    break;
                }
                closed = http.serverClosedWithin((int) READ.toMillis() / 4);
            }
            assertThat(closed).as("closed while the body trickled in").isTrue();
        }
    }

    @Test
    void headersThatNeverEndLoseTheirConnection() {
        try (RawHttp http = RawHttp.connect(endpoint)) {
            http.writeBytes("POST / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
            boolean closed = false;
            for (int i = 0; i < 40 && !closed; i++) {
                try {
                    http.writeBytes(("X-Slow-" + i + ": y\r\n").getBytes(StandardCharsets.US_ASCII));
                } catch (RuntimeException e) {
                    closed = true;
                    break;
                }
                closed = http.serverClosedWithin((int) IDLE.toMillis() / 4);
            }
            assertThat(closed).as("closed while headers trickled in").isTrue();
        }
    }
}
