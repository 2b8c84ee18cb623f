package io.keyline.server.cluster;

import io.keyline.time.Clock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Sends a DynamoDB API request on to the node that owns its item, unchanged: the same headers
 * (Host and the signature's included, so SigV4 verifies at the owner as it would have here)
 * and the same body bytes (still compressed if they came so), plus {@value #HEADER}, by which
 * the owner serves it whatever its view of the ranges (a request is forwarded at most once).
 * The header carries a {@link ForwardSignature} by the cluster's secret, and a node honours it
 * only when {@link #trusts} it, so a client that sends the header itself gains nothing
 * (docs/RULES.md#CLUSTER-FORWARD-TRUST). Connections to the owners are kept open and reused (HTTP/1.1).
 *
 * <p>Java's HTTP client refuses to set {@code Host} unless the system property
 * {@code jdk.httpclient.allowRestrictedHeaders} names it; the first forwarder sets it before the
 * client starts. Threading: thread-safe; {@link #send} blocks its caller (a server worker).
 */
public final class Forwarder {
    /** The header that marks a forwarded request. */
    public static final String HEADER = "X-Keyline-Forwarded";
    /** Headers the client sets itself, or that belong to one connection only. */
    private static final Set<String> NOT_FORWARDED = Set.of("connection", "content-length", "transfer-encoding", "keep-alive",
            "upgrade", "expect", "te", "trailer", "proxy-connection", HEADER.toLowerCase(Locale.ROOT));
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** The 503 ServiceUnavailable text when the owner cannot be reached, or no node may decide the item for a moment. */
    public static final String OWNER_UNAVAILABLE_MESSAGE = "The node that owns this item cannot be reached right now; retry the request";

    /** The owner's reply: status, content type and body. */
    public record Forwarded(int status, String contentType, byte[] body) {}

    private final HttpClient client;
    private final ForwardSignature signature;
    private final Clock clock;

    /**
     * @param clusterSecret the cluster's secret, which every node reads from the coordination tables
     * @param clock         the time signatures are made and checked at
     */
    public Forwarder(byte[] clusterSecret, Clock clock) {
        this.signature = new ForwardSignature(clusterSecret);
        this.clock = clock;
        String allowed = System.getProperty("jdk.httpclient.allowRestrictedHeaders", "");
        if (!allowed.toLowerCase(Locale.ROOT).contains("host")) {
            System.setProperty("jdk.httpclient.allowRestrictedHeaders", allowed.isEmpty() ? "host" : allowed + ",host");
        }
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /**
     * Whether a request that carries {@value #HEADER} with {@code value} was forwarded by a node of
     * this cluster: the value is the signature of its target and its body as received.
     */
    public boolean trusts(String value, String target, java.nio.ByteBuffer body) {
        return signature.verify(value, target, body, clock.millis());
    }

    /**
     * Sends the request ({@code headers} as received, in order; {@code body} as received) to
     * {@code address} ({@code http://host:port}) and returns the owner's reply.
     *
     * @throws IOException if the owner cannot be reached or does not answer in time
     */
    public Forwarded send(String address, List<Map.Entry<String, String>> headers, byte[] body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(address + "/")).timeout(TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, String> h : headers) {
            if (!NOT_FORWARDED.contains(h.getKey().toLowerCase(Locale.ROOT))) request.header(h.getKey(), h.getValue());
        }
        String target = null;
        for (Map.Entry<String, String> h : headers) if (h.getKey().equalsIgnoreCase("X-Amz-Target")) target = h.getValue();
        request.header(HEADER, signature.sign(clock.millis(), target, java.nio.ByteBuffer.wrap(body)));
        try {
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Forwarded(response.statusCode(), response.headers().firstValue("content-type").orElse(null), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while forwarding to " + address, e);
        }
    }
}
