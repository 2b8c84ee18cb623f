package io.keyline.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.bench.sol.SpeedOfLightServer;
import io.keyline.bench.workload.DataLayout;
import io.keyline.bench.workload.KeyDistribution;
import io.keyline.bench.workload.Op;
import io.keyline.bench.workload.RequestSet;
import io.keyline.bench.workload.SdkRequests;
import io.keyline.bench.workload.WireRequests;
import io.keyline.time.SystemClock;
import java.time.Duration;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Both load generators, both loop modes, against an in-process speed-of-light server: they run and report. */
class LoadDriverSmokeTest {
    private static final Duration WARMUP = Duration.ofMillis(200);
    private static final Duration WINDOW = Duration.ofMillis(500);
    private static final DataLayout LAYOUT = new DataLayout(200, 50, 5, 7);
    private static SpeedOfLightServer server;

    @BeforeAll
    static void start() { server = SpeedOfLightServer.start(0, 1); }

    @AfterAll
    static void stop() { server.close(); }

    private static RequestSet<byte[]> raw(Op op) {
        return RequestSet.build(op, LAYOUT, KeyDistribution.Kind.ZIPF, 1, (o, i) -> RawRequests.encode("127.0.0.1",
                server.port(), o.label(), WireRequests.body(o, LAYOUT, i), SystemClock.INSTANCE.now().atZone(ZoneOffset.UTC)));
    }

    private static LoadResult run(Transport t, RequestSet<?> requests, LoadSpec spec) {
        try (t) {
            return new LoadDriver(SystemClock.INSTANCE, t, requests, spec, -1).run();
        }
    }

    @Test
    void rawClosedLoopCountsRequestsAndLatencies() {
        LoadResult r = run(new RawHttpTransport("127.0.0.1", server.port(), 4), raw(Op.MIXED), LoadSpec.closed(4, WARMUP, WINDOW));
        assertThat(r.requests()).isPositive();
        assertThat(r.errors()).isZero();
        assertThat(r.throughput()).isEqualTo(r.requests() / 0.5);
        assertThat(r.p50Micros()).isPositive().isLessThanOrEqualTo(r.p99Micros());
        assertThat(r.clientCpuMicrosPerRequest()).isPositive();
    }

    @Test
    void rawOpenLoopSendsAtTheGivenRate() {
        LoadResult r = run(new RawHttpTransport("127.0.0.1", server.port(), 2), raw(Op.QUERY), LoadSpec.open(400, 2, WARMUP, WINDOW));
        // 400 req/s over 0.5 s is 200 requests; allow for the ones still in flight at the edges.
        assertThat(r.requests()).isBetween(150L, 201L);
        assertThat(r.errors()).isZero();
    }

    @Test
    void sdkClientRunsEveryOperation() {
        try (SdkTransport sdk = new SdkTransport("127.0.0.1", server.port(), 2)) {
            warmUp(sdk);
            for (Op op : new Op[] {Op.UPDATE, Op.BATCH_WRITE}) {
                RequestSet<Object> requests = RequestSet.build(op, LAYOUT, KeyDistribution.Kind.UNIFORM, 1, (o, i) -> SdkRequests.build(o, LAYOUT, i));
                LoadResult r = new LoadDriver(SystemClock.INSTANCE, sdk, requests, LoadSpec.closed(2, Duration.ofMillis(100), Duration.ofMillis(300)), -1).run();
                assertThat(r.requests()).as(op.name()).isPositive();
                assertThat(r.errors()).as(op.name() + ": " + r.firstError()).isZero();
            }
        }
    }

    /** The SDK's first request loads its classes for a second or more; take that outside the measured runs. */
    private static void warmUp(SdkTransport sdk) {
        java.util.concurrent.CompletableFuture<Integer> done = new java.util.concurrent.CompletableFuture<>();
        sdk.send(SdkRequests.build(Op.GET, LAYOUT, 0), (status, error) -> done.complete(status));
        assertThat(done.join()).isEqualTo(200);
    }

    @Test
    void aDeadServerIsCountedAsErrorsNotAHang() {
        int port = server.port();
        RequestSet<byte[]> requests = raw(Op.GET);
        LoadResult r;
        try (RawHttpTransport t = new RawHttpTransport("127.0.0.1", server.port(), 1)) {
            // The raw client is connected, then the server goes away mid-run.
            server.close();
            r = new LoadDriver(SystemClock.INSTANCE, t, requests, LoadSpec.open(50, 1, Duration.ZERO, Duration.ofMillis(200)), -1).run();
        } finally {
            server = SpeedOfLightServer.start(port, 1);
        }
        assertThat(r.requests()).isZero();
        assertThat(r.errors()).isPositive();
        assertThat(r.firstError()).isNotBlank();
    }
}
