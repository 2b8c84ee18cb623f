package io.keyline.engine.api;

/**
 * Thrown, before anything is read or written, when another Keyline node owns the token range of
 * the item a request names (cluster mode, docs/CLUSTER.md "Ownership"): the server forwards the
 * original request to {@link #address()}. With no address, no node may decide the item right
 * now (this node's term on the range ended: before the request was decided, or before its write
 * was sent, which then wrote nothing; docs/RULES.md#CLUSTER-FENCE): the server answers the
 * retryable ServiceUnavailable. Never reaches a client. No stack trace: it is control flow.
 */
public final class NotOwner extends RuntimeException {
    private final String address;

    public NotOwner(String address) {
        super("owned by " + address, null, false, false);
        this.address = address;
    }

    /** The owner's HTTP address, {@code http://host:port}. */
    public String address() { return address; }
}
