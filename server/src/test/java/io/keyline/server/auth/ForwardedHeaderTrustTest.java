package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.op.Operations;
import io.keyline.server.KeylineServer;
import io.keyline.server.ServerOptions;
import io.keyline.server.ServerSecurity;
import io.keyline.server.cluster.ForwardSignature;
import io.keyline.server.cluster.Forwarder;
import io.keyline.server.testing.RawHttp;
import io.keyline.storage.Coordination;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.testing.MemoryCoordination;
import io.keyline.time.ManualClock;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The trust of {@value Forwarder#HEADER} (docs/RULES.md#CLUSTER-FORWARD-TRUST): a node in
 * cluster mode whose every token range another node owns (at an address that cannot be reached,
 * so a request it forwards is answered 503) serves an item request here only when the header is
 * the cluster secret's signature of that request; a client's own header, one for another body, or
 * one too old is ignored, and the request is decided as any other (forwarded: 503). With
 * {@code --auth enforce} the SigV4 signature is still required, as a forwarded request keeps it.
 */
class ForwardedHeaderTrustTest {
    private static final String OWNER = "http://127.0.0.1:9 other-node";
    private static final String GET = "{\"TableName\":\"fenced\",\"Key\":{\"p\":{\"S\":\"x\"}}}";
    private final ManualClock clock = new ManualClock();
    private final MemoryCoordination cluster = new MemoryCoordination(clock);
    private final byte[] secret = cluster.node("any").clusterSecret();
    private Engine engine;
    private KeylineServer server;
    private URI endpoint;

    @AfterEach void stop() {
        if (server != null) server.close();
        if (engine != null) engine.close();
    }

    /** A node that owns no range: another live node owns all 64. */
    private void start(Authenticator authenticator) {
        long far = clock.millis() + 3_600_000;
        cluster.put(new Coordination.Lease("node", 999, OWNER, 1, far));
        for (int r = 0; r < 64; r++) cluster.put(new Coordination.Lease("range", r, OWNER, 1, far));
        engine = new Engine(new MemoryStorage(), clock, Settings.defaults(), cluster.node("http://127.0.0.1:1 this-node"));
        server = new KeylineServer(new Operations(engine), ServerOptions.defaults(), clock)
                .secure(new ServerSecurity(authenticator, null)).forwardToOwners(secret);
        engine.ownership().enforce();
        endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
        awaitFirstRound();
    }

    /** Until its duties' first round, a node knows no owner and decides everything itself. */
    private void awaitFirstRound() {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                engine.ownership().check(0);
                Thread.sleep(2);
            } catch (io.keyline.engine.api.NotOwner e) {
                assertThat(e.address()).isEqualTo("http://127.0.0.1:9");
                return;
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("the node did not read the ranges' owners in 20 s");
    }

    private RawHttp.Response send(Map<String, String> headers, String json) {
        try (RawHttp http = RawHttp.connect(endpoint)) {
            return http.send("POST", "/", headers, json.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String signature(byte[] key, long millis, String op, String json) {
        return new ForwardSignature(key).sign(millis, "DynamoDB_20120810." + op, ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static Map<String, String> with(Map<String, String> headers, String forwarded) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(Forwarder.HEADER, forwarded);
        return h;
    }

    @Test void onlyAHeaderSignedWithTheClusterSecretIsHonoured() {
        start(Authenticator.none());
        String create = "{\"TableName\":\"fenced\",\"BillingMode\":\"PAY_PER_REQUEST\",\"KeySchema\":[{\"AttributeName\":\"p\",\"KeyType\":\"HASH\"}],"
                + "\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"}]}";
        assertThat(send(RawHttp.apiHeaders("CreateTable"), create).status()).isEqualTo(200);

        // no header: the owner decides it, and it cannot be reached
        assertThat(send(RawHttp.apiHeaders("GetItem"), GET).status()).isEqualTo(503);
        // a client's own header, as the header was before it was signed: ignored
        assertThat(send(with(RawHttp.apiHeaders("GetItem"), "1"), GET).status()).isEqualTo(503);
        // signed with another secret, for another body, for another operation, or too long ago: ignored
        byte[] other = new byte[32];
        assertThat(send(with(RawHttp.apiHeaders("GetItem"), signature(other, clock.millis(), "GetItem", GET)), GET).status()).isEqualTo(503);
        assertThat(send(with(RawHttp.apiHeaders("GetItem"), signature(secret, clock.millis(), "GetItem", GET.replace("x", "y"))), GET)
                .status()).isEqualTo(503);
        assertThat(send(with(RawHttp.apiHeaders("GetItem"), signature(secret, clock.millis(), "PutItem", GET)), GET).status()).isEqualTo(503);
        long old = clock.millis() - ForwardSignature.WINDOW.toMillis() - 1;
        assertThat(send(with(RawHttp.apiHeaders("GetItem"), signature(secret, old, "GetItem", GET)), GET).status()).isEqualTo(503);

        // a node's signature: served here
        RawHttp.Response served = send(with(RawHttp.apiHeaders("GetItem"), signature(secret, clock.millis(), "GetItem", GET)), GET);
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.text()).isEqualTo("{}");
    }

    @Test void underAuthEnforceTheForwardSignatureAddsToTheRequestsOwnNeverReplacesIt() {
        start(Authenticator.enforce(AuthEnforceTest.credentials(), clock));
        String create = "{\"TableName\":\"fenced\",\"BillingMode\":\"PAY_PER_REQUEST\",\"KeySchema\":[{\"AttributeName\":\"p\",\"KeyType\":\"HASH\"}],"
                + "\"AttributeDefinitions\":[{\"AttributeName\":\"p\",\"AttributeType\":\"S\"}]}";
        assertThat(send(signed("CreateTable", create), create).status()).isEqualTo(200);

        assertThat(send(with(signed("GetItem", GET), "1"), GET).status()).isEqualTo(503);
        RawHttp.Response served = send(with(signed("GetItem", GET), signature(secret, clock.millis(), "GetItem", GET)), GET);
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.text()).isEqualTo("{}");
        // the cluster's signature is no credential: without SigV4 the request is refused as any unsigned one
        Map<String, String> unsigned = new LinkedHashMap<>(Map.of("X-Amz-Target", "DynamoDB_20120810.GetItem",
                "Content-Type", "application/x-amz-json-1.0"));
        RawHttp.Response refused = send(with(unsigned, signature(secret, clock.millis(), "GetItem", GET)), GET);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.text()).contains("MissingAuthenticationToken");
    }

    private Map<String, String> signed(String op, String json) {
        return SdkSigner.sign(endpoint, op, json, AuthEnforceTest.KEY_A, AuthEnforceTest.SECRET_A, "us-east-1", clock.now(), false).headers();
    }
}
