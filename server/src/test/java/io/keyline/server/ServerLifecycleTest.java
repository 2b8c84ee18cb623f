package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.op.Operation;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Start, port selection, graceful close, and the request-id sequence. */
class ServerLifecycleTest {
    @Test
    void portZeroPicksAFreePortAndAServerStartsOnce() {
        try (KeylineServer a = new KeylineServer(FakeOperations.create());
             KeylineServer b = new KeylineServer(FakeOperations.create())) {
            int pa = a.start("127.0.0.1", 0);
            int pb = b.start("127.0.0.1", 0);
            assertThat(pa).isPositive().isNotEqualTo(pb).isEqualTo(a.port());
            assertThatThrownBy(() -> a.start("127.0.0.1", 0)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void portInUseIsAnUncheckedIoExceptionNamingTheAddress() {
        try (KeylineServer a = new KeylineServer(FakeOperations.create());
             KeylineServer b = new KeylineServer(FakeOperations.create())) {
            int port = a.start("127.0.0.1", 0);
            assertThatThrownBy(() -> b.start("127.0.0.1", port))
                    .isInstanceOf(java.io.UncheckedIOException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1:" + port);
        }
    }

    @Test
    void closeLetsARequestInFlightFinish() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Operation<JsonObject> slow = blockingOperation("Slow", entered, release);
        KeylineServer server = new KeylineServer(new Operations(List.of(slow)), ServerOptions.defaults(), SystemClock.INSTANCE);
        int port = server.start("127.0.0.1", 0);
        try (RawHttp http = RawHttp.connect(URI.create("http://127.0.0.1:" + port))) {
            CompletableFuture<RawHttp.Response> reply = CompletableFuture.supplyAsync(() -> http.call("Slow", "{}"));
            assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();
            Thread closer = new Thread(server::close, "closer");
            closer.start();
            awaitBlockedIn(closer, "io.keyline.server.InFlight", "awaitIdle"); // close is now waiting for the worker
            release.countDown();
            closer.join(10_000);
            assertThat(closer.isAlive()).as("close returned").isFalse();
            assertThat(reply.get(10, TimeUnit.SECONDS).text()).isEqualTo("{\"done\":true}");
        }
        server.close(); // twice is harmless
    }

    /**
     * docs/RULES.md#SERVER-DRAIN: once close begins, a request that arrives on a connection that
     * was already open is answered at once with a retryable 503 and the connection is closed,
     * while the request already running finishes and gets its reply.
     */
    @Test
    void requestsArrivingWhileClosingAreTurnedAwayRetryably() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Operation<JsonObject> slow = blockingOperation("Slow", entered, release);
        List<Operation<?>> ops = new java.util.ArrayList<>(FakeOperations.create().all().values());
        ops.add(slow);
        KeylineServer server = new KeylineServer(new Operations(ops), ServerOptions.defaults(), SystemClock.INSTANCE);
        URI endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
        try (RawHttp running = RawHttp.connect(endpoint); RawHttp keptAlive = RawHttp.connect(endpoint)) {
            assertThat(keptAlive.call("ListTables", "{}").status()).isEqualTo(200);
            CompletableFuture<RawHttp.Response> reply = CompletableFuture.supplyAsync(() -> running.call("Slow", "{}"));
            assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();
            Thread closer = new Thread(server::close, "closer");
            closer.start();
            awaitBlockedIn(closer, "io.keyline.server.InFlight", "awaitIdle");

            RawHttp.Response late = keptAlive.call("ListTables", "{}");
            assertThat(late.status()).isEqualTo(503);
            assertThat(late.text()).contains("ServiceUnavailable").contains("shutting down");
            assertThat(late.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(keptAlive.serverClosed()).isTrue();

            release.countDown();
            assertThat(reply.get(10, TimeUnit.SECONDS).text()).isEqualTo("{\"done\":true}");
            closer.join(10_000);
            assertThat(closer.isAlive()).as("close returned").isFalse();
        } finally {
            release.countDown();
            server.close();
        }
    }

    @Test
    void aBlockedOperationBlocksNoEventLoop() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Operation<JsonObject> stuck = blockingOperation("Stuck", entered, release);
        List<Operation<?>> ops = new java.util.ArrayList<>(FakeOperations.create().all().values());
        ops.add(stuck);
        try (KeylineServer server = new KeylineServer(new Operations(ops), ServerOptions.defaults(), SystemClock.INSTANCE)) {
            URI endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
            try (RawHttp blocked = RawHttp.connect(endpoint)) {
                CompletableFuture<RawHttp.Response> reply = CompletableFuture.supplyAsync(() -> blocked.call("Stuck", "{}"));
                assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();
                // New connections are spread over every event loop; each must still be served.
                for (int i = 0; i < 4 * Runtime.getRuntime().availableProcessors() + 2; i++) {
                    try (RawHttp other = RawHttp.connect(endpoint)) {
                        assertThat(other.call("ListTables", "{}").status()).isEqualTo(200);
                    }
                }
                release.countDown();
                assertThat(reply.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
            } finally {
                release.countDown();
            }
        }
    }

    @Test
    void requestIdsAreUniqueAndDependOnTheSeed() {
        RequestIds one = new RequestIds(1);
        RequestIds again = new RequestIds(1);
        RequestIds other = new RequestIds(2);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = one.next();
            assertThat(id).hasSize(52).matches("[A-Z2-7]+");
            assertThat(seen.add(id)).isTrue();
            assertThat(again.next()).isEqualTo(id);
        }
        assertThat(other.next()).isNotIn(seen);
    }

    /** Operation {@code name}: tells {@code entered} it runs, waits (at most 10 s) for {@code release}, answers {"done":true}. */
    private static Operation<JsonObject> blockingOperation(String name, CountDownLatch entered, CountDownLatch release) {
        return new Operation<JsonObject>() {
            @Override public String name() { return name; }

            @Override public JsonObject decode(JsonObject request) { return request; }

            @Override public Object run(JsonObject request) {
                entered.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Map.of("done", true);
            }
        };
    }

    /**
     * Waits until {@code thread} is parked in {@code cls.method}: proof that it reached the wait a
     * test means to exercise. Polls the thread's stack with a deadline; nothing else can tell.
     */
    private static void awaitBlockedIn(Thread thread, String cls, String method) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Thread.State state = thread.getState();
            if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
                for (StackTraceElement frame : thread.getStackTrace()) {
                    if (frame.getClassName().equals(cls) && frame.getMethodName().equals(method)) return;
                }
            }
            if (!thread.isAlive()) break;
            Thread.sleep(1); // polling a thread's state: no event to wait on
        }
        throw new AssertionError(thread.getName() + " never waited in " + cls + "." + method);
    }
}
