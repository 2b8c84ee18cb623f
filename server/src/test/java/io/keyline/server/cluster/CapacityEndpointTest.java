package io.keyline.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ExchangeMessages.Answer;
import io.keyline.engine.cluster.ExchangeMessages.Report;
import io.keyline.engine.cluster.RangeOwners;
import io.keyline.engine.config.Settings;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A capacity report is honoured only with the cluster's signature of its body (docs/RULES.md#CLUSTER-FORWARD-TRUST):
 * a client that knows the path must not be able to hand a node forged debts and so throttle its traffic.
 */
class CapacityEndpointTest {
    private static final byte[] SECRET = "the cluster's secret, 32 bytes!!".getBytes(StandardCharsets.US_ASCII);

    private final ManualClock clock = new ManualClock();
    private final Engine engine = new Engine(new MemoryStorage(), clock, Settings.defaults());
    private final RangeOwners twoNodes = new RangeOwners() {
        @Override public String self() { return "a"; }

        @Override public String ownerOf(long token) { return token < 0 ? "a" : "b"; }

        @Override public Set<String> others() { return Set.of("b"); }
    };
    private final CapacityEndpoint endpoint = new CapacityEndpoint(new CapacityExchange(twoNodes, engine.capacity(), clock),
            new ForwardSignature(SECRET), clock);
    private final byte[] report = new Report("b", List.of(), List.of()).encode();

    @AfterEach void close() {
        engine.close();
    }

    @Test void aReportSignedWithTheClustersSecretIsAnswered() {
        String signed = new ForwardSignature(SECRET).sign(clock.millis(), CapacityExchange.PATH, ByteBuffer.wrap(report));
        NodeEndpoint.Reply reply = endpoint.handle(signed, report);
        assertThat(reply.status()).isEqualTo(200);
        assertThat(Answer.decode(reply.body())).isNotNull();
    }

    @Test void anUnsignedReportIsRefused() {
        NodeEndpoint.Reply reply = endpoint.handle(null, report);
        assertThat(reply.status()).isEqualTo(403);
        assertThat(new String(reply.body(), StandardCharsets.UTF_8)).isEqualTo(CapacityEndpoint.NOT_SIGNED);
    }

    @Test void aReportSignedWithAnotherSecretIsRefused() {
        byte[] other = "somebody else's secret, 32 bytes".getBytes(StandardCharsets.US_ASCII);
        String signed = new ForwardSignature(other).sign(clock.millis(), CapacityExchange.PATH, ByteBuffer.wrap(report));
        assertThat(endpoint.handle(signed, report).status()).isEqualTo(403);
    }

    @Test void aSignatureOfAnotherBodyOrPathIsRefused() {
        ForwardSignature signature = new ForwardSignature(SECRET);
        byte[] forged = new Report("b", List.of(), List.of()).encode();
        forged[forged.length - 1] ^= 1;
        String ofReport = signature.sign(clock.millis(), CapacityExchange.PATH, ByteBuffer.wrap(report));
        assertThat(endpoint.handle(ofReport, forged).status()).as("another body").isEqualTo(403);
        String ofOtherPath = signature.sign(clock.millis(), "/", ByteBuffer.wrap(report));
        assertThat(endpoint.handle(ofOtherPath, report).status()).as("a forwarded request's signature").isEqualTo(403);
    }

    @Test void anOldSignatureIsRefused() {
        String signed = new ForwardSignature(SECRET).sign(clock.millis(), CapacityExchange.PATH, ByteBuffer.wrap(report));
        clock.advance(ForwardSignature.WINDOW.plus(Duration.ofSeconds(1)));
        assertThat(endpoint.handle(signed, report).status()).isEqualTo(403);
    }
}
