package io.keyline.server.cluster;

import io.keyline.engine.cluster.Ownership;
import io.keyline.time.Clock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * The calling side of the {@link NodeEndpoint}s: POSTs a body to another node's path, signed
 * with the cluster's secret, and returns the 200 answer's body. Connections are kept open and
 * reused (HTTP/1.1). Thread-safe; {@link #post} blocks its caller.
 */
public final class NodeClient {
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1)).build();
    private final ForwardSignature signature;
    private final Clock clock;

    public NodeClient(ForwardSignature signature, Clock clock) {
        this.signature = signature;
        this.clock = clock;
    }

    /**
     * Sends {@code body} to {@code path} on {@code node} (its name, whose address comes first) and
     * returns the answer.
     *
     * @throws IOException if the node cannot be reached, does not answer within {@code timeout}, or answers other than 200
     */
    public byte[] post(String node, String path, byte[] body, Duration timeout) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(Ownership.addressOf(node) + path)).timeout(timeout)
                .header("Content-Type", NodeEndpoint.CONTENT_TYPE)
                .header(NodeEndpoint.SIGNATURE_HEADER, signature.sign(clock.millis(), path, ByteBuffer.wrap(body)))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) throw new IOException(node + " answered " + response.statusCode() + " on " + path);
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + node + " on " + path, e);
        }
    }
}
