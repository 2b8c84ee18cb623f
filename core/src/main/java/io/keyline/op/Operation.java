package io.keyline.op;

import io.keyline.protocol.JsonObject;

/**
 * One DynamoDB operation. {@link #handle} takes the parsed request object and returns the
 * response as JSON-able values (see {@link io.keyline.protocol.Json#write}); every client error
 * is an {@link io.keyline.error.ApiException}. Implementations are stateless and thread-safe:
 * state lives in the engine.
 */
public interface Operation {
    /** The name in {@code X-Amz-Target: DynamoDB_20120810.<name>}. */
    String name();

    Object handle(JsonObject request);
}
