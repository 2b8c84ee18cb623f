package io.keyline.server.cluster;

import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ExchangeMessages.Report;

/**
 * Where another node's capacity report arrives ({@code POST} {@link CapacityExchange#PATH}, docs/CLUSTER.md
 * "Capacity across nodes"): the body is decoded, given to this node's exchange, and its answer
 * is the reply's body. The exchange ignores a report whose sender is not one of the nodes that
 * own ranges now (by name: address, process id and start time). The path is not signed: like the
 * forwarded requests' header, it trusts the network between the nodes (docs/CLUSTER.md, "Capacity
 * across nodes"). Stateless; thread-safe.
 */
public final class CapacityEndpoint {
    /** A reply: 200 with the answer, or 400 for a body that is not a report. */
    public record Reply(int status, String contentType, byte[] body) {}

    private final CapacityExchange exchange;

    public CapacityEndpoint(CapacityExchange exchange) { this.exchange = exchange; }

    public Reply handle(byte[] body) {
        Report report;
        try {
            report = Report.decode(body);
        } catch (IllegalArgumentException e) {
            return new Reply(400, "text/plain", e.getMessage().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return new Reply(200, CapacityClient.CONTENT_TYPE, exchange.receive(report).encode());
    }
}
