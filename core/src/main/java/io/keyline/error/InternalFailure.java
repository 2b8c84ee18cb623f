package io.keyline.error;

/**
 * A failure inside Keyline that no request caused and no client can fix: a persisted record this
 * version cannot read, an invariant of the engine or the capacity model broken. It carries what
 * was being done when it happened ({@link #doing()}), so that the log says where to look.
 *
 * <p>It never reaches a client as itself: like every exception that is not an
 * {@link ApiException}, the server logs it and answers DynamoDB's {@code InternalServerError}
 * (HTTP 500) with a fixed message (server's {@code ApiRequestProcessor}). It extends
 * {@link IllegalStateException} because that is what it is, so that callers that already treat
 * a broken state as fatal keep doing so. Storage backends report their own failures as
 * {@code io.keyline.storage.StorageException}, which the server treats the same way. Immutable.
 */
public final class InternalFailure extends IllegalStateException {
    private final String doing;

    /**
     * @param doing   what Keyline was doing, as a phrase: "decoding a catalog record"
     * @param problem what went wrong, with the values that show it
     */
    public InternalFailure(String doing, String problem) {
        super(doing + ": " + problem);
        this.doing = doing;
    }

    public InternalFailure(String doing, String problem, Throwable cause) {
        super(doing + ": " + problem, cause);
        this.doing = doing;
    }

    /** What Keyline was doing when it failed. */
    public String doing() { return doing; }
}
