package io.keyline.server.cluster;

import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ExchangeMessages.Answer;
import io.keyline.engine.cluster.ExchangeMessages.Report;
import io.keyline.engine.cluster.Ownership;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The capacity exchange's transport between servers (docs/CLUSTER.md, "Capacity across nodes"):
 * a report is POSTed to the other node's HTTP port on {@link CapacityExchange#PATH}, where its
 * {@link CapacityEndpoint} answers. Connections are kept open and reused (HTTP/1.1). A report that
 * takes longer than {@link #TIMEOUT} is given up: the next period sends a new one.
 *
 * <p>Threading: thread-safe; {@link #exchange} blocks the exchange's thread.
 */
public final class CapacityClient implements CapacityExchange.Transport {
    /** At most two periods: a late answer would only hold a debt that has moved on. */
    static final Duration TIMEOUT = Duration.ofMillis(2 * CapacityExchange.PERIOD.toMillis() + 600);
    static final String CONTENT_TYPE = "application/octet-stream";

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1)).build();
    private final ForwardSignature signature;
    private final io.keyline.time.Clock clock;

    /** @param signature signs each report with the cluster's secret; {@code clock} dates the signatures */
    public CapacityClient(ForwardSignature signature, io.keyline.time.Clock clock) {
        this.signature = signature;
        this.clock = clock;
    }

    @Override public Answer exchange(String node, Report report) throws IOException {
        byte[] body = report.encode();
        HttpRequest request = HttpRequest.newBuilder(URI.create(Ownership.addressOf(node) + CapacityExchange.PATH)).timeout(TIMEOUT)
                .header("Content-Type", CONTENT_TYPE)
                .header(CapacityEndpoint.SIGNATURE_HEADER, signature.sign(clock.millis(), CapacityExchange.PATH, java.nio.ByteBuffer.wrap(body)))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) throw new IOException(node + " answered " + response.statusCode());
            return Answer.decode(response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reporting to " + node, e);
        } catch (IllegalArgumentException e) {
            throw new IOException(node + " answered something else: " + e.getMessage(), e);
        }
    }
}
