package io.keyline.op;

import io.keyline.protocol.JsonObject;

/**
 * One DynamoDB operation, in two steps: {@link #decode} turns the wire object into the
 * operation's typed request {@code R} (a member of the wrong JSON type is a
 * SerializationException, as DynamoDB's front end reports it before any validation), and
 * {@link #run} validates and executes it, returning the response as JSON-able values (see
 * {@link io.keyline.protocol.Json#write}). Every client error is an
 * {@link io.keyline.error.ApiException}. Implementations are stateless and thread-safe: state
 * lives in the engine.
 *
 * @param <R> the decoded request
 */
public interface Operation<R> {
    /** The name in {@code X-Amz-Target: DynamoDB_20120810.<name>}. */
    String name();

    R decode(JsonObject request);

    Object run(R request);

    /** Decodes and runs one wire request. */
    default Object handle(JsonObject request) {
        return run(decode(request));
    }

    /**
     * Whether this request may run on the I/O thread that read it instead of being handed to a
     * worker: true only if it never waits for other work (a GSI change to be applied, a
     * transaction's lock wait, a table's creation) beyond a short item lock, and its work is
     * bounded (DynamoDB's page and batch limits). The hand-off costs two thread wake-ups, a
     * large share of a small request's CPU (docs/BENCHMARKS.md). Must not throw: an invalid
     * request is quick, since it fails fast.
     */
    default boolean quick(JsonObject request) {
        return false;
    }
}
