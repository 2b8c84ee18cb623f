package io.keyline.server.cluster;

import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ExchangeMessages.Report;

/**
 * Where another node's capacity report arrives ({@code POST} {@link CapacityExchange#PATH}, docs/CLUSTER.md
 * "Capacity across nodes"): the body is decoded, given to this node's exchange, and its answer
 * is the reply's body. The exchange ignores a report whose sender is not one of the nodes that
 * own ranges now (by name: address, process id and start time). Signed as every
 * {@link NodeEndpoint} request is, so a client that knows the path cannot throttle a node's
 * traffic with forged debts. Thread-safe.
 */
public final class CapacityEndpoint extends NodeEndpoint {
    static final String NOT_SIGNED = "a capacity report is taken only from a node of this cluster";

    private final CapacityExchange exchange;

    public CapacityEndpoint(CapacityExchange exchange, ForwardSignature signature, io.keyline.time.Clock clock) {
        super(CapacityExchange.PATH, NOT_SIGNED, signature, clock);
        this.exchange = exchange;
    }

    @Override protected byte[] answer(byte[] body) { return exchange.receive(Report.decode(body)).encode(); }
}
