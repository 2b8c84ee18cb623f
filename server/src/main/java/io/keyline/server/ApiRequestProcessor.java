package io.keyline.server;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.op.Operation;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.InputStream;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one DynamoDB API request (headers and body of a POST) into a {@link Reply}, never
 * throwing. The checks run in DynamoDB's order: content type (404), target (400
 * UnknownOperationException), authentication token (400 MissingAuthenticationTokenException),
 * body decoding (413 or 500), JSON syntax (400 SerializationException with no message, as
 * DynamoDB sends it), then the operation. SigV4 signatures are not verified yet: any
 * Authorization header (or presigned query) is accepted. {@link #prepare} and
 * {@link #execute} split the work so the server can run a quick operation on the I/O thread and
 * hand the others to a worker. Thread-safe: no mutable state.
 */
final class ApiRequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(ApiRequestProcessor.class);
    /** The API version prefix of every X-Amz-Target DynamoDB accepts. */
    static final String TARGET_PREFIX = "DynamoDB_20120810.";

    private final Operations operations;
    private final int maxRequestBytes;

    ApiRequestProcessor(Operations operations, int maxRequestBytes) {
        this.operations = operations;
        this.maxRequestBytes = maxRequestBytes;
    }

    /**
     * A request that passed the checks before its operation: the operation and its parsed body,
     * or the reply that ends it early (an error).
     */
    record Prepared(Operation<?> operation, JsonObject request, Reply early) {
        /** Whether the operation may run right here on the I/O thread (see {@link Operation#quick}). */
        boolean quick() {
            if (early != null) return true;
            try {
                return operation.quick(request);
            } catch (RuntimeException e) {
                return false; // a worker runs it and reports whatever goes wrong
            }
        }
    }

    /**
     * @param requestId  the id this request's reply carries, for the log of internal errors
     * @param uriQuery   the raw query string of the request URI, or null
     */
    Reply process(String requestId, HttpHeaders headers, String uriQuery, ByteBuf body) {
        return execute(requestId, headers, prepare(requestId, headers, uriQuery, body));
    }

    /** The checks before the operation, in DynamoDB's order, and the body parsed. Never throws. */
    Prepared prepare(String requestId, HttpHeaders headers, String uriQuery, ByteBuf body) {
        try {
            if (body.isReadable() && !acceptedContentType(headers.get(HttpHeaderNames.CONTENT_TYPE))) {
                throw RequestLimits.unsupportedContentType();
            }
            Operation operation = operation(headers.get("X-Amz-Target"));
            if (!hasAuthentication(headers, uriQuery)) throw Errors.missingAuthenticationToken();
            JsonObject request = JsonObject.of(parse(body, headers.get(HttpHeaderNames.CONTENT_ENCODING)));
            return new Prepared(operation, request, null);
        } catch (RuntimeException | Error e) {
            return new Prepared(null, null, failure(requestId, headers, e));
        }
    }

    /** Runs a prepared request's operation. Never throws. */
    Reply execute(String requestId, HttpHeaders headers, Prepared prepared) {
        if (prepared.early() != null) return prepared.early();
        try {
            return Reply.ok(prepared.operation().handle(prepared.request()));
        } catch (RuntimeException | Error e) {
            return failure(requestId, headers, e);
        }
    }

    private static Reply failure(String requestId, HttpHeaders headers, Throwable t) {
        if (t instanceof ApiException e) return Reply.error(e);
        if (t instanceof BodyTooLargeException) return Reply.error(Errors.requestTooLarge(RequestLimits.TOO_LARGE_MESSAGE));
        if (t instanceof BodyDecodingException e) {
            LOG.debug("request {}: {}", requestId, e.getMessage());
            return Reply.error(Errors.internal(e.getMessage()));
        }
        LOG.error("request {} ({}) failed", requestId, headers.get("X-Amz-Target"), t);
        return Reply.error(Errors.internal(RequestLimits.INTERNAL_ERROR_MESSAGE));
    }

    private Object parse(ByteBuf body, String contentEncoding) {
        InputStream in = RequestBodies.open(body, contentEncoding, maxRequestBytes);
        try {
            return Json.parse(in);
        } catch (ApiException e) {
            // DynamoDB names no position or cause for a body that is not JSON: the type alone.
            throw Errors.serialization(null);
        }
    }

    private Operation<?> operation(String target) {
        if (target == null) throw Errors.unknownOperation();
        String t = target.trim();
        if (!t.startsWith(TARGET_PREFIX)) throw Errors.unknownOperation();
        Operation<?> op = operations.get(t.substring(TARGET_PREFIX.length()));
        if (op == null) throw Errors.unknownOperation();
        return op;
    }

    /** DynamoDB takes its own JSON type and plain application/json; parameters such as charset are ignored. */
    static boolean acceptedContentType(String contentType) {
        if (contentType == null) return false;
        int semicolon = contentType.indexOf(';');
        String mime = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
        return mime.equals("application/x-amz-json-1.0") || mime.equals("application/json");
    }

    /** An Authorization header, or a presigned request's X-Amz-Algorithm query parameter. */
    static boolean hasAuthentication(HttpHeaders headers, String uriQuery) {
        String auth = headers.get(HttpHeaderNames.AUTHORIZATION);
        if (auth != null && !auth.isBlank()) return true;
        return uriQuery != null && (uriQuery.startsWith("X-Amz-Algorithm=") || uriQuery.contains("&X-Amz-Algorithm="));
    }
}
