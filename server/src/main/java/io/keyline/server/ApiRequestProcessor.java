package io.keyline.server;

import io.keyline.engine.api.NotOwner;
import io.keyline.engine.cluster.Ownership;
import io.keyline.server.cluster.Forwarder;
import io.netty.buffer.ByteBufUtil;

import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.op.Operation;
import io.keyline.op.Operations;
import io.keyline.protocol.Json;
import io.keyline.protocol.JsonObject;
import io.keyline.server.sigv4.RequestIdentity;
import io.keyline.server.auth.Authenticator;
import io.keyline.server.sigv4.SignatureParser;
import io.keyline.server.sigv4.SignedRequest;
import io.keyline.storage.StorageUnavailableException;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.InputStream;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one DynamoDB API request (headers and body of a POST) into a {@link Reply}, never
 * throwing. The checks run in DynamoDB's order: content type (404), body decoding (413 or 500)
 * and JSON syntax (400 SerializationException with no message, as DynamoDB sends it), target
 * (400 UnknownOperationException), the SigV4 signature's form ({@link SignatureParser}: 400
 * MissingAuthenticationTokenException, IncompleteSignatureException, InvalidSignatureException),
 * an empty body or one that is no JSON object (SerializationException), then the operation through
 * {@link Operations#handle}, which checks the parsed body against the operation's shape before
 * anything else (docs/RULES.md#VALIDATION-ORDER), on the same map: no second parse, no copy.
 * That JSON syntax comes before target and signature is DynamoDB's order as dynalite's
 * test/connection.js shows it (an unsigned request without a target whose body is not JSON gets
 * SerializationException; tests run against DynamoDB; docs/RULES.md#WIRE-ORDER). Signatures are
 * parsed, and with {@code --auth enforce} verified ({@link Authenticator}: the request then runs
 * in its key's account, docs/RULES.md#AUTH-ACCOUNTS).
 * {@link #prepare} and {@link #execute} split the work so the server can run a quick operation on
 * the I/O thread and hand the others to a worker. Thread-safe: no mutable state.
 */
final class ApiRequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(ApiRequestProcessor.class);
    /** The API version prefix of every X-Amz-Target DynamoDB accepts. */
    static final String TARGET_PREFIX = "DynamoDB_20120810.";

    private final Operations operations;
    private final int maxRequestBytes;
    private final RequestMetering metering;
    private final Authenticator authenticator;
    private final boolean tls;
    /** Cluster mode: sends requests for items another node owns to it; null otherwise. */
    private volatile Forwarder forwarder;

    ApiRequestProcessor(Operations operations, int maxRequestBytes) {
        this(operations, maxRequestBytes, RequestMetering.NONE);
    }

    ApiRequestProcessor(Operations operations, int maxRequestBytes, RequestMetering metering) {
        this(operations, maxRequestBytes, metering, Authenticator.none(), false);
    }

    /**
     * @param authenticator checks (and with {@code --auth enforce} verifies) each request's signature
     * @param tls           whether requests arrive over TLS (UNSIGNED-PAYLOAD is allowed only then)
     */
    ApiRequestProcessor(Operations operations, int maxRequestBytes, RequestMetering metering, Authenticator authenticator,
                        boolean tls) {
        this.operations = operations;
        this.maxRequestBytes = maxRequestBytes;
        this.metering = metering;
        this.authenticator = authenticator;
        this.tls = tls;
    }

    /**
     * A request that passed the checks before its operation: the operation (that of the request's
     * region, {@link Operations#inRegion}), its parsed body and who it says it comes from, or the
     * reply that ends it early (an error).
     */
    record Prepared(Operation<?> operation, JsonObject request, RequestIdentity identity, Reply early, boolean forwarded) {
        Prepared(Operation<?> operation, JsonObject request, RequestIdentity identity, Reply early) {
            this(operation, request, identity, early, false);
        }

        /** The region the request was signed for, or null. */
        String region() { return identity == null ? null : identity.region(); }

        /** The verified account of the request, or null (not verified: the server's own). */
        String account() { return identity == null ? null : identity.account(); }

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
            // A verified signature covers the body as sent; parsing below moves the body's reader index.
            ByteBuf signedBody = authenticator.enforced() ? body.duplicate() : null;
            // so does a forwarding node's (docs/RULES.md#CLUSTER-FORWARD-TRUST): only a request that says it was forwarded pays for it
            java.nio.ByteBuffer forwardedBody = forwarder != null && headers.contains(Forwarder.HEADER) ? body.nioBuffer() : null;
            if (body.isReadable() && !acceptedContentType(headers.get(HttpHeaderNames.CONTENT_TYPE))) {
                throw RequestLimits.unsupportedContentType();
            }
            // An empty body is refused only after target and signature (below); an empty compressed
            // body is decoded here, and fails as a broken one does.
            String encoding = headers.get(HttpHeaderNames.CONTENT_ENCODING);
            boolean hasBody = body.isReadable() || encoding != null;
            Object json = hasBody ? parse(body, encoding) : null;
            Operation operation = operation(headers.get("X-Amz-Target"));
            // --auth none: the form only, with nothing built for it (the path every request took before verification)
            RequestIdentity identity = signedBody == null ? SignatureParser.parse(headers::get, uriQuery).identity()
                    : authenticator.authenticate(new SignedRequest("POST", "/", uriQuery, headers::get, headers::getAll, signedBody, tls),
                            Authenticator.DYNAMODB);
            if (!hasBody) throw Errors.serialization(null);
            JsonObject request = JsonObject.of(json);
            operation = operations.inNamespace(identity.account(), identity.region()).get(operation.name());
            return new Prepared(operation, request, identity, null, forwardedBody != null && trustedForward(requestId, headers, forwardedBody));
        } catch (RuntimeException | Error e) {
            return new Prepared(null, null, null, failure(requestId, headers, e));
        }
    }

    /** Runs a prepared request's operation. Never throws. */
    Reply execute(String requestId, HttpHeaders headers, Prepared prepared) {
        if (prepared.early() != null) {
            metering.refused(prepared.early());
            return prepared.early();
        }
        long start = metering.start();
        try {
            Object result = prepared.forwarded() ? Ownership.servingForwarded(() -> operations.handle(prepared.operation(), prepared.request()))
                    : operations.handle(prepared.operation(), prepared.request());
            metering.finished(prepared.account(), prepared.region(), prepared.operation().name(), prepared.request(), start, result, null);
            return Reply.ok(result);
        } catch (NotOwner e) {
            throw e; // the caller forwards it (executeOrForward): the owner meters it
        } catch (RuntimeException | Error e) {
            metering.finished(prepared.account(), prepared.region(), prepared.operation().name(), prepared.request(), start, null, e);
            return failure(requestId, headers, e);
        }
    }

    /** Completes once the writes of every request executed so far are durable (docs/RULES.md#DURABILITY). */
    java.util.concurrent.CompletableFuture<Void> whenDurable() {
        return operations.whenDurable();
    }

    /**
     * The reply instead of a request's own when its writes could not be made durable: 500, since
     * they were applied and may or may not survive (docs/RULES.md#DURABILITY).
     */
    static Reply notDurable(String requestId, Throwable t) {
        LOG.error("request {}: its writes could not be made durable", requestId, t);
        return Reply.error(Errors.internal(RequestLimits.INTERNAL_ERROR_MESSAGE));
    }

    // ---- cluster mode: forwarding to the owner of an item (docs/CLUSTER.md, "Ownership of partitions") ----

    /**
     * Whether a request that carries {@link Forwarder#HEADER} comes from a node of the cluster:
     * the header is the signature of its target and body by the cluster's secret. A client's own
     * header is ignored: the request is then decided as any other (forwarded to the item's owner,
     * which sees the header this node signs instead).
     */
    private boolean trustedForward(String requestId, HttpHeaders headers, java.nio.ByteBuffer body) {
        if (forwarder.trusts(headers.get(Forwarder.HEADER), headers.get("X-Amz-Target"), body)) return true;
        LOG.debug("request {}: {} without a cluster node's signature, ignored", requestId, Forwarder.HEADER);
        return false;
    }

    /** From now on, requests whose item another node owns are forwarded to it. */
    void forwardTo(Forwarder forwarder) { this.forwarder = forwarder; }

    /** {@link #execute}, or, if another node owns the request's item, that node's reply to it. Never throws. */
    Reply executeOrForward(String requestId, HttpHeaders headers, Prepared prepared, ByteBuf body, int bodyStart) {
        try {
            return execute(requestId, headers, prepared);
        } catch (NotOwner e) {
            return forward(requestId, e, headers, body, bodyStart);
        }
    }

    /** {@link #process}, or, if another node owns the request's item, that node's reply to it. Never throws. */
    Reply processOrForward(String requestId, HttpHeaders headers, String uriQuery, ByteBuf body) {
        int bodyStart = body.readerIndex();
        return executeOrForward(requestId, headers, prepare(requestId, headers, uriQuery, body), body, bodyStart);
    }

    /** The owner's reply to the request as it came (body from {@code bodyStart}); 503 if it cannot be reached. */
    Reply forward(String requestId, NotOwner e, HttpHeaders headers, ByteBuf body, int bodyStart) {
        Forwarder f = forwarder;
        if (f == null || e.address().isEmpty()) return Reply.error(Errors.serviceUnavailable(Forwarder.OWNER_UNAVAILABLE_MESSAGE));
        byte[] bytes = ByteBufUtil.getBytes(body, bodyStart, body.writerIndex() - bodyStart);
        try {
            Forwarder.Forwarded r = f.send(e.address(), headers.entries(), bytes);
            return new Reply(r.status(), r.contentType(), r.body());
        } catch (java.io.IOException | RuntimeException x) {
            LOG.warn("request {}: forwarding to {} failed: {}", requestId, e.address(), x.toString());
            return Reply.error(Errors.serviceUnavailable(Forwarder.OWNER_UNAVAILABLE_MESSAGE));
        }
    }

    private static Reply failure(String requestId, HttpHeaders headers, Throwable t) {
        if (t instanceof ApiException e) return Reply.error(e);
        if (t instanceof BodyTooLargeException) return Reply.error(Errors.requestTooLarge(RequestLimits.TOO_LARGE_MESSAGE));
        if (t instanceof StorageUnavailableException) {
            // docs/RULES.md#STORAGE-RECOVERY: refused before touching data, so retryable; the health check says why
            LOG.debug("request {}: {}", requestId, t.getMessage());
            return Reply.error(Errors.serviceUnavailable(RequestLimits.STORAGE_UNAVAILABLE_MESSAGE));
        }
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
        int dot = t.indexOf('.');
        // DynamoDB_20120810.<op>, or DynamoDBStreams_20120810.<op> for the Streams API on the same port
        Operation<?> op = dot < 0 ? null : operations.get(t.substring(dot + 1));
        if (op == null || !op.targetPrefix().equals(t.substring(0, dot + 1))) throw Errors.unknownOperation();
        return op;
    }

    /** DynamoDB takes its own JSON type and plain application/json; parameters such as charset are ignored. */
    static boolean acceptedContentType(String contentType) {
        if (contentType == null) return false;
        int semicolon = contentType.indexOf(';');
        String mime = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
        return mime.equals("application/x-amz-json-1.0") || mime.equals("application/json");
    }
}
