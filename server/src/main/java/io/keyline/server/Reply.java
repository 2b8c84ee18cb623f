package io.keyline.server;

import io.keyline.error.ApiException;
import io.keyline.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One HTTP reply before it meets Netty: status, content type, body bytes and any headers beyond
 * those {@link HttpReplies} writes on every reply (the CloudWatch protocols add some). Error bodies are
 * rendered here, the one place an {@link ApiException} becomes wire JSON:
 * {@code {"__type": type, "message": text, ...extras}} (no message when the error has none, as
 * DynamoDB sends UnknownOperationException and a SerializationException for a body that is not
 * JSON). DynamoDB spells the message key {@code Message} for the errors in
 * {@link #CAPITAL_MESSAGE_KEY} and {@code message} for all others; the SDKs read both
 * (docs/RULES.md#WIRE-MESSAGE-KEY). Immutable.
 */
record Reply(int status, String contentType, byte[] body, Map<String, String> headers) {
    static final String AMZ_JSON = "application/x-amz-json-1.0";
    private static final byte[] EMPTY = new byte[0];
    /**
     * The errors whose body says {@code "Message"}, not {@code "message"}: SerializationException
     * (dynalite's test/helpers.js assertSerialization, and its validations/index.js, recorded from
     * DynamoDB) and AccessDeniedException (dynalite's assertAccessDenied). Every other error
     * DynamoDB sends, ValidationException and the signature errors included, says
     * {@code "message"} (dynalite's assertValidation, assertNotFound and test/connection.js).
     */
    static final Set<String> CAPITAL_MESSAGE_KEY = Set.of("SerializationException", "AccessDeniedException");

    /** A reply with no headers beyond those every reply carries. */
    Reply(int status, String contentType, byte[] body) {
        this(status, contentType, body, Map.of());
    }

    /** A CloudWatch reply, with the headers its protocol adds. */
    static Reply of(io.keyline.server.cloudwatch.CloudWatchReply r) {
        return new Reply(r.status(), r.contentType(), r.body(), r.headers());
    }

    /** A successful operation result; {@code null} means an empty body (TagResource does that). */
    static Reply ok(Object result) {
        return new Reply(200, AMZ_JSON, result == null ? EMPTY : Json.write(result));
    }

    static Reply error(ApiException e) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("__type", e.type());
        if (e.getMessage() != null) body.put(messageKey(e), e.getMessage());
        body.putAll(e.extras());
        return new Reply(e.httpStatus(), AMZ_JSON, Json.write(body));
    }

    /** The key under which {@code e}'s text goes: {@code Message} or {@code message}, as DynamoDB spells it. */
    static String messageKey(ApiException e) {
        return CAPITAL_MESSAGE_KEY.contains(e.name()) ? "Message" : "message";
    }

    /** An admin page: its own bytes for a {@link AdminRoutes.TextPage}, else plain JSON. */
    static Reply page(Object page) {
        return page instanceof AdminRoutes.TextPage t ? new Reply(200, t.contentType(), t.body()) : json(page);
    }

    /** An admin page: plain JSON. */
    static Reply json(Object document) {
        return new Reply(200, "application/json", Json.write(document));
    }

    static Reply text(int status, String text) {
        return new Reply(status, "text/plain; charset=utf-8", (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    static Reply empty(int status) {
        return new Reply(status, null, EMPTY);
    }
}
