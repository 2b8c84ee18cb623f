package io.keyline.server.cluster;

import io.keyline.time.Clock;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Where another node of the cluster talks to this one, beside the API's {@code /}: a POST to
 * {@link #path} with a binary body, honoured only when it carries the cluster's signature of its
 * path and body ({@link #SIGNATURE_HEADER}, made as a forwarded request's is:
 * docs/RULES.md#CLUSTER-FORWARD-TRUST), so a client that knows the path cannot act as a node.
 * The capacity reports ({@link CapacityEndpoint}) and the loans of transactions across owners
 * ({@link LoanEndpoint}) are two. Stateless but for what {@link #answer} touches; thread-safe.
 */
public abstract class NodeEndpoint {
    /** The header that carries the signature of a node's request. */
    public static final String SIGNATURE_HEADER = "X-Keyline-Node-Signature";
    static final String CONTENT_TYPE = "application/octet-stream";

    /** A reply: 200 with the answer, 403 without this cluster's signature, or 400 for a body that is not a message. */
    public record Reply(int status, String contentType, byte[] body) {}

    private final String path;
    private final String notSigned;
    private final ForwardSignature signature;
    private final Clock clock;

    /** @param notSigned the 403's text: what this endpoint takes only from a node */
    protected NodeEndpoint(String path, String notSigned, ForwardSignature signature, Clock clock) {
        this.path = path;
        this.notSigned = notSigned;
        this.signature = signature;
        this.clock = clock;
    }

    /** The HTTP path this endpoint answers on. */
    public final String path() { return path; }

    /** Answers a request whose signature header is {@code signed} (null when absent). */
    public final Reply handle(String signed, byte[] body) {
        if (!signature.verify(signed, path, ByteBuffer.wrap(body), clock.millis())) {
            return new Reply(403, "text/plain", notSigned.getBytes(StandardCharsets.UTF_8));
        }
        try {
            return new Reply(200, CONTENT_TYPE, answer(body));
        } catch (IllegalArgumentException e) {
            return new Reply(400, "text/plain", String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The answer to a signed request; IllegalArgumentException for a body that is not a message of this endpoint. */
    protected abstract byte[] answer(byte[] body);
}
