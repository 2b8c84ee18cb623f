package io.keyline.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one exception type that reaches a DynamoDB client. Built only through {@link Errors},
 * which owns every error name, HTTP status and message text; rendered to the wire in one place,
 * the server's {@code io.keyline.server.Reply#error}, as {@code {"__type", "message", ...extras}}
 * (core does not render it: the protocol package decodes requests and writes results only).
 * {@code extras} carries additional top-level response fields such as
 * {@code Item} (ConditionalCheckFailedException), {@code CancellationReasons} or
 * {@code ThrottlingReasons}: values are plain JSON-able objects or AttributeValues. Any other
 * exception (an {@link InternalFailure}, a storage failure, a bug) reaches the client as
 * InternalServerError with a fixed message, never with its own text.
 */
public final class ApiException extends RuntimeException {
    private final String type;
    private final int httpStatus;
    private final Map<String, Object> extras;

    ApiException(String type, int httpStatus, String message, Map<String, Object> extras) {
        super(message, null, false, false);
        this.type = type;
        this.httpStatus = httpStatus;
        this.extras = extras == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extras));
    }

    /** Full wire type, e.g. {@code com.amazonaws.dynamodb.v20120810#ResourceNotFoundException}. */
    public String type() { return type; }

    /** The short name after '#', e.g. {@code ResourceNotFoundException}. */
    public String name() { return type.substring(type.indexOf('#') + 1); }

    public int httpStatus() { return httpStatus; }

    public Map<String, Object> extras() { return extras; }

    public ApiException withExtra(String field, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(extras);
        copy.put(field, value);
        return new ApiException(type, httpStatus, getMessage(), copy);
    }

    @Override public String toString() { return name() + ": " + getMessage(); }
}
