package io.keyline.server.cluster;

import io.keyline.engine.cluster.ItemLoans;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The loan channel between nodes (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS): a transaction's
 * coordinator asks the owners of its other items to lend them, and gives them back, by POSTing to
 * {@link ItemLoans#PATH}. Each request carries the cluster's signature of its body
 * ({@link CapacityEndpoint#SIGNATURE_HEADER}, made as a forwarded request's is:
 * docs/RULES.md#CLUSTER-FORWARD-TRUST), and one without it is refused with 403, so a client that
 * knows the path cannot hold a node's items. {@link #handle} answers on this node;
 * {@link #call} asks another. Connections are kept open and reused (HTTP/1.1).
 *
 * <p>Threading: thread-safe; {@link #call} blocks its caller (a server worker running a transaction).
 */
public final class LoanEndpoint implements ItemLoans.Transport {
    /** A lender waits for its GSI change log up to 5 s before it answers. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final String CONTENT_TYPE = "application/octet-stream";
    static final String NOT_SIGNED = "a loan is asked for only by a node of this cluster";

    private final ItemLoans loans;
    private final ForwardSignature signature;
    private final io.keyline.time.Clock clock;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1)).build();

    public LoanEndpoint(ItemLoans loans, ForwardSignature signature, io.keyline.time.Clock clock) {
        this.loans = loans;
        this.signature = signature;
        this.clock = clock;
    }

    /** Answers a loan request whose signature header is {@code signed} (null when absent). */
    public CapacityEndpoint.Reply handle(String signed, byte[] body) {
        if (!signature.verify(signed, ItemLoans.PATH, ByteBuffer.wrap(body), clock.millis())) {
            return new CapacityEndpoint.Reply(403, "text/plain", NOT_SIGNED.getBytes(StandardCharsets.UTF_8));
        }
        try {
            return new CapacityEndpoint.Reply(200, CONTENT_TYPE, loans.handle(body));
        } catch (IllegalArgumentException e) {
            return new CapacityEndpoint.Reply(400, "text/plain", String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8));
        }
    }

    @Override public byte[] call(String node, byte[] body) throws java.io.IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(io.keyline.engine.cluster.Ownership.addressOf(node) + ItemLoans.PATH))
                .timeout(TIMEOUT)
                .header("Content-Type", CONTENT_TYPE)
                .header(CapacityEndpoint.SIGNATURE_HEADER, signature.sign(clock.millis(), ItemLoans.PATH, ByteBuffer.wrap(body)))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) throw new java.io.IOException(node + " answered " + response.statusCode());
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.IOException("interrupted while asking " + node + " for a loan", e);
        }
    }
}
