package io.keyline.server.cluster;

import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ExchangeMessages.Answer;
import io.keyline.engine.cluster.ExchangeMessages.Report;
import java.io.IOException;
import java.time.Duration;

/**
 * The capacity exchange's transport between servers (docs/CLUSTER.md, "Capacity across nodes"):
 * a report is POSTed to the other node's HTTP port on {@link CapacityExchange#PATH}, where its
 * {@link CapacityEndpoint} answers, through a {@link NodeClient}. A report that takes longer than
 * {@link #TIMEOUT} is given up: the next period sends a new one.
 *
 * <p>Threading: thread-safe; {@link #exchange} blocks the exchange's thread.
 */
public final class CapacityClient implements CapacityExchange.Transport {
    /** At most two periods: a late answer would only hold a debt that has moved on. */
    static final Duration TIMEOUT = Duration.ofMillis(2 * CapacityExchange.PERIOD.toMillis() + 600);

    private final NodeClient client;

    /** @param signature signs each report with the cluster's secret; {@code clock} dates the signatures */
    public CapacityClient(ForwardSignature signature, io.keyline.time.Clock clock) {
        this.client = new NodeClient(signature, clock);
    }

    @Override public Answer exchange(String node, Report report) throws IOException {
        byte[] answer = client.post(node, CapacityExchange.PATH, report.encode(), TIMEOUT);
        try {
            return Answer.decode(answer);
        } catch (IllegalArgumentException e) {
            throw new IOException(node + " answered something else: " + e.getMessage(), e);
        }
    }
}
