package io.keyline.server.cluster;

import io.keyline.engine.cluster.ItemLoans;
import java.time.Duration;

/**
 * The loan channel between nodes (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS): a transaction's
 * coordinator asks the owners of its other items to lend them, and gives them back, by POSTing to
 * {@link ItemLoans#PATH}; signed as every {@link NodeEndpoint} request is, so a client that knows
 * the path cannot hold a node's items. {@link #handle} answers on this node; {@link #call} asks
 * another. Thread-safe; {@link #call} blocks its caller (a server worker running a transaction).
 */
public final class LoanEndpoint extends NodeEndpoint implements ItemLoans.Transport {
    /** A lender waits for its GSI change log up to 5 s before it answers. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final String NOT_SIGNED = "a loan is asked for only by a node of this cluster";

    private final ItemLoans loans;
    private final NodeClient client;

    public LoanEndpoint(ItemLoans loans, ForwardSignature signature, io.keyline.time.Clock clock) {
        super(ItemLoans.PATH, NOT_SIGNED, signature, clock);
        this.loans = loans;
        this.client = new NodeClient(signature, clock);
    }

    @Override protected byte[] answer(byte[] body) { return loans.handle(body); }

    @Override public byte[] call(String node, byte[] body) throws java.io.IOException {
        return client.post(node, ItemLoans.PATH, body, TIMEOUT);
    }
}
