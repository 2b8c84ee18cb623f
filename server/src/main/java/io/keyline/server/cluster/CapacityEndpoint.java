package io.keyline.server.cluster;

import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ExchangeMessages.Report;

/**
 * Where another node's capacity report arrives ({@code POST} {@link CapacityExchange#PATH}, docs/CLUSTER.md
 * "Capacity across nodes"): the body is decoded, given to this node's exchange, and its answer
 * is the reply's body. The exchange ignores a report whose sender is not one of the nodes that
 * own ranges now (by name: address, process id and start time). A report is honoured only when it
 * carries the cluster's signature of its body ({@link #SIGNATURE_HEADER}, made as a forwarded
 * request's is: docs/RULES.md#CLUSTER-FORWARD-TRUST), so a client that knows the path cannot
 * throttle a node's traffic with forged debts. Stateless; thread-safe.
 */
public final class CapacityEndpoint {
    /** The header that carries a report's signature. */
    public static final String SIGNATURE_HEADER = "X-Keyline-Node-Signature";
    static final String NOT_SIGNED = "a capacity report is taken only from a node of this cluster";

    /** A reply: 200 with the answer, 403 for a report without this cluster's signature, or 400 for a body that is not a report. */
    public record Reply(int status, String contentType, byte[] body) {}

    private final CapacityExchange exchange;
    private final ForwardSignature signature;
    private final io.keyline.time.Clock clock;

    public CapacityEndpoint(CapacityExchange exchange, ForwardSignature signature, io.keyline.time.Clock clock) {
        this.exchange = exchange;
        this.signature = signature;
        this.clock = clock;
    }

    /** Answers a report whose signature header is {@code signed} (null when absent). */
    public Reply handle(String signed, byte[] body) {
        if (!signature.verify(signed, CapacityExchange.PATH, java.nio.ByteBuffer.wrap(body), clock.millis())) {
            return new Reply(403, "text/plain", NOT_SIGNED.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Report report;
        try {
            report = Report.decode(body);
        } catch (IllegalArgumentException e) {
            return new Reply(400, "text/plain", e.getMessage().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return new Reply(200, CapacityClient.CONTENT_TYPE, exchange.receive(report).encode());
    }
}
