package io.keyline.op;

import io.keyline.protocol.JsonObject;
import io.keyline.protocol.shape.Violations;

/**
 * One DynamoDB operation. A request reaches it through {@link Operations#handle}, which first
 * checks it against the operation's shape in the service model (docs/RULES.md#VALIDATION-ORDER:
 * a member of the wrong JSON type is a SerializationException, then the members' declared
 * constraints, one aggregated ValidationException, to which {@link #constraints} adds the
 * operation's own); then {@link #decode} turns the wire object into the operation's typed request
 * {@code R}, and {@link #run} makes the semantic checks (attribute values, expressions, whether
 * the table or index exists, keys against the schema) and executes it, returning the response as
 * JSON-able values (see {@link io.keyline.protocol.Json#write}). Every client error is an
 * {@link io.keyline.error.ApiException}. Implementations are stateless and thread-safe: state
 * lives in the engine.
 *
 * @param <R> the decoded request
 */
public interface Operation<R> {
    /** The name in {@code X-Amz-Target: DynamoDB_20120810.<name>}. */
    String name();

    /** The X-Amz-Target prefix this operation is called with: DynamoDB's, or the Streams API's ({@link StreamsOperation}). */
    default String targetPrefix() { return "DynamoDB_20120810."; }

    R decode(JsonObject request);

    Object run(R request);

    /**
     * Member checks DynamoDB reports in the same aggregated message as the model's constraints
     * but that the model cannot state; called after the model's constraints, on a request whose
     * members all have their model's JSON types. None by default.
     */
    default void constraints(JsonObject request, Violations violations) {}

    /** Decodes and runs one wire request whose shape {@link Operations#handle} checked. */
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
