package io.keyline.storage;

/**
 * A write whose {@link Fence} ended (docs/RULES.md#CLUSTER-FENCE): this node's term on the
 * range it was decided in is over, and another node may decide the range now. Either it was
 * {@link #refused()} before anything was written, so retrying it (at the range's owner) is safe,
 * or it completed only after the term ended and may be there: its outcome is unknown, as that of
 * any write that reported a failure. Unchecked; the engine turns it into the client's error.
 */
public final class FencedOut extends RuntimeException {
    private final boolean refused;

    private FencedOut(String message, boolean refused) {
        super(message, null, false, false);
        this.refused = refused;
    }

    /** Refused before anything was written. */
    public static FencedOut refused(String message) { return new FencedOut(message, true); }

    /** Written, but completed after the term ended: not to be acknowledged. */
    public static FencedOut late(String message) { return new FencedOut(message, false); }

    /** Whether nothing of the batch was written. */
    public boolean refused() { return refused; }
}
