package io.keyline.server;

import io.keyline.engine.api.NotOwner;
import io.keyline.server.cluster.NodeEndpoint;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CodecException;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.server.auth.Authenticator;
import io.keyline.server.sigv4.SignedRequest;
import io.keyline.server.cloudwatch.CloudWatchEndpoint;
import io.keyline.storage.StorageHealth;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-connection dispatcher. Answers a CORS preflight ({@code OPTIONS} with {@code Origin}, {@link Cors}) and routes {@code GET /} to the health check
 * (open to all), {@code GET} of an
 * {@link AdminRoutes} path to that admin page, a CloudWatch request (when the routes have its
 * endpoint: {@link CloudWatchEndpoint#accepts}) to that endpoint on a worker, {@code POST /} to the
 * {@link ApiRequestProcessor}, anything else to 404 (DynamoDB signs the
 * path, so another path fails its signature check there; without verification, 404 says the same). Requests of one
 * connection are answered strictly in order: while one is in flight, later (pipelined) ones
 * wait in {@code pending} and the channel stops reading until they are served, which also bounds
 * the work one client can queue. With {@code --auth enforce} the admin pages and CloudWatch need the
 * same credentials as the API ({@link Authenticator}).
 *
 * <p>Where an API request runs: a body up to {@link #MAX_INLINE_PARSE_BYTES} is checked and
 * parsed on the event loop; if its operation is {@link io.keyline.op.Operation#quick quick}
 * (reads, and writes that do not wait for GSI propagation) it runs there as well, which saves
 * the two thread wake-ups of a hand-off (measured: about a third of the server's CPU on a small
 * PutItem went to context switches, docs/BENCHMARKS.md). Everything else goes to the worker
 * executor, so nothing that waits blocks an event loop. All fields are touched only on the
 * channel's event loop; a worker hands its reply back through {@code ctx.executor()}.
 */
final class RequestHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);

    private final ApiRequestProcessor processor;
    private final HttpReplies replies;
    private final Executor workers;
    private final InFlight inFlight;
    private final AdminRoutes admin;
    /** Cluster mode: the paths other nodes call this one on, by path (empty alone). */
    private java.util.Map<String, NodeEndpoint> nodeEndpoints = java.util.Map.of();
    /**
     * Bodies up to this size are parsed on the event loop, so that a quick operation runs there
     * too; larger ones (up to 16 MB of BatchWriteItem) are parsed by a worker.
     */
    static final int MAX_INLINE_PARSE_BYTES = 64 * 1024;

    private final ArrayDeque<FullHttpRequest> pending = new ArrayDeque<>();
    private boolean busy;
    /** Where encoded replies enter the pipeline (see {@link #respond}); set when this handler is added. */
    private ChannelHandlerContext wire;

    /** Who may call: signatures only parsed unless the server enforces them ({@link #secure}). */
    private Authenticator authenticator = Authenticator.none();
    private boolean tls;
    /** The Origin header of the request being served, or null: its reply gets CORS headers ({@link Cors}). */
    private String origin;

    /** Sets who may call and whether the connection is TLS; before the first request (the server's initializer). */
    void secure(Authenticator authenticator, boolean tls) {
        this.authenticator = authenticator;
        this.tls = tls;
    }

    /** Told after each reply is written and the next request (if any) started (event loop only). */
    private Runnable afterReply = () -> { };

    void afterReply(Runnable action) {
        this.afterReply = action;
    }

    /** Whether a request of this connection is running or waiting to (event loop only). */
    boolean running() {
        return busy || !pending.isEmpty();
    }

    RequestHandler(ApiRequestProcessor processor, HttpReplies replies, Executor workers, InFlight inFlight) {
        this(processor, replies, workers, inFlight, AdminRoutes.none());
    }

    /** Cluster mode: the endpoints other nodes call this one on (capacity reports, loans). */
    void nodeEndpoints(java.util.Map<String, NodeEndpoint> endpoints) { this.nodeEndpoints = endpoints; }

    RequestHandler(ApiRequestProcessor processor, HttpReplies replies, Executor workers, InFlight inFlight, AdminRoutes admin) {
        this.admin = admin;
        this.processor = processor;
        this.replies = replies;
        this.workers = workers;
        this.inFlight = inFlight;
    }

    /** The response encoder precedes this handler ({@link KeylineServer#connectionHandlers}); without one, replies start here. */
    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ChannelHandlerContext encoder = ctx.pipeline().context(HttpResponseEncoder.class);
        wire = encoder != null ? encoder : ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        pending.add(request);
        if (!busy) {
            next(ctx);
        } else {
            // A pipelined request waits: stop reading until the queue drains. Only then, not on every
            // request, because each auto-read flip changes the socket's epoll interest (a syscall).
            ctx.channel().config().setAutoRead(false);
        }
    }

    private void next(ChannelHandlerContext ctx) {
        FullHttpRequest request = pending.poll();
        if (request == null) {
            busy = false;
            ctx.channel().config().setAutoRead(true); // a no-op unless a pipelined request turned it off
            return;
        }
        busy = true;
        origin = request.decoderResult().isSuccess() ? request.headers().get(HttpHeaderNames.ORIGIN) : null;
        String requestId = replies.newRequestId();
        boolean keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        HttpVersion version = request.protocolVersion();
        if (request.decoderResult().isFailure()) {
            // Request line or headers over the limits, or not HTTP at all.
            request.release();
            respond(ctx, Reply.empty(400), requestId, version, false);
            return;
        }
        String uri = request.uri();
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        String query = q < 0 ? null : uri.substring(q + 1);
        HttpMethod method = request.method();
        if (inFlight.draining()) {
            // Closing: what runs finishes; what arrives now is turned away, retryably, and the
            // connection closed so the client's retry opens a new one (docs/RULES.md#SERVER-DRAIN).
            request.release();
            respond(ctx, draining(), requestId, version, false, method.equals(HttpMethod.HEAD));
            return;
        }
        if (method.equals(HttpMethod.OPTIONS) && origin != null) {
            // A browser's CORS preflight: no credentials, nothing runs (docs/RULES.md#AUTH-CORS).
            Reply preflight = Cors.preflight(request.headers().get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD),
                    request.headers().get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS));
            request.release();
            respond(ctx, preflight, requestId, version, keepAlive);
            return;
        }
        if (method.equals(HttpMethod.POST) && admin.cloudWatch() != null
                && CloudWatchEndpoint.accepts(path, request.headers()::get)) {
            String account;
            try {
                account = authenticator.enforced()
                        ? authenticator.authenticate(signed(request, path, query), Authenticator.CLOUDWATCH).account() : null;
            } catch (ApiException refused) {
                request.release();
                respond(ctx, Reply.error(refused), requestId, version, keepAlive);
                return;
            }
            cloudWatch(ctx, request, requestId, path, version, keepAlive, account);
            return;
        }
        NodeEndpoint node = method.equals(HttpMethod.POST) ? nodeEndpoints.get(path) : null;
        if (node != null) {
            // cluster mode: another node's capacity report or loan (docs/CLUSTER.md, "Several Keyline nodes")
            inFlight.enter();
            handOff(ctx, request, requestId, version, keepAlive, () -> {
                NodeEndpoint.Reply r = node.handle(request.headers().get(NodeEndpoint.SIGNATURE_HEADER), ByteBufUtil.getBytes(request.content()));
                return new Reply(r.status(), r.contentType(), r.body());
            });
            return;
        }
        if (method.equals(HttpMethod.POST) && path.equals("/")) {
            dispatch(ctx, request, requestId, query, version, keepAlive);
            return;
        }
        boolean get = method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD);
        java.util.function.Supplier<Object> page = get ? admin.get(path, query) : null;
        Reply refused = page != null && !path.equals("/") ? adminRefusal(request, path, query) : null;
        Reply reply = get && path.equals("/") ? health(hostOf(ctx, request))
                : refused != null ? refused
                : page != null ? Reply.page(page.get())
                : Reply.error(Errors.notAnApiCall());
        request.release();
        respond(ctx, reply, requestId, version, keepAlive, method.equals(HttpMethod.HEAD));
    }

    private void dispatch(ChannelHandlerContext ctx, FullHttpRequest request, String requestId, String query,
                          HttpVersion version, boolean keepAlive) {
        inFlight.enter();
        ByteBuf body = request.content();
        int bodyStart = body.readerIndex(); // cluster mode forwards the body as it came
        if (body.readableBytes() <= MAX_INLINE_PARSE_BYTES) {
            ApiRequestProcessor.Prepared prepared = processor.prepare(requestId, request.headers(), query, body);
            if (prepared.quick()) {
                Reply reply;
                try {
                    reply = processor.execute(requestId, request.headers(), prepared);
                } catch (NotOwner e) { // another node owns the item: a worker forwards it, never the event loop
                    handOff(ctx, request, requestId, version, keepAlive, () -> processor.forward(requestId, e, request.headers(), body, bodyStart));
                    return;
                } catch (RuntimeException | Error e) {
                    request.release();
                    throw e;
                }
                request.release();
                answer(ctx, reply, requestId, version, keepAlive);
                return;
            }
            handOff(ctx, request, requestId, version, keepAlive,
                    () -> processor.executeOrForward(requestId, request.headers(), prepared, body, bodyStart));
        } else {
            handOff(ctx, request, requestId, version, keepAlive, () -> processor.processOrForward(requestId, request.headers(), query, body));
        }
    }

    /** A CloudWatch read (it walks the metrics store, so a worker runs it), in the caller's verified account or the server's (null). */
    private void cloudWatch(ChannelHandlerContext ctx, FullHttpRequest request, String requestId, String path,
                            HttpVersion version, boolean keepAlive, String account) {
        inFlight.enter();
        handOff(ctx, request, requestId, version, keepAlive, () -> {
            byte[] body = ByteBufUtil.getBytes(request.content());
            return Reply.of(admin.cloudWatch().handle(path, request.headers()::get, body, requestId, account));
        });
    }

    /** The parts of this request a signature covers. */
    private SignedRequest signed(FullHttpRequest request, String path, String query) {
        return new SignedRequest(request.method().name(), path, query, request.headers()::get, request.headers()::getAll,
                request.content(), tls);
    }

    /**
     * Null if the request may read an admin page; else the refusal: 401 asking for HTTP Basic
     * credentials (a browser then prompts), or a SigV4 signature's error (docs/RULES.md#AUTH-ADMIN).
     */
    private Reply adminRefusal(FullHttpRequest request, String path, String query) {
        try {
            if (authenticator.checkAdmin(signed(request, path, query)) == Authenticator.AdminAccess.ALLOWED) return null;
        } catch (ApiException e) {
            return Reply.error(e);
        }
        return new Reply(401, "text/plain; charset=utf-8",
                "Keyline's admin pages need an access key id (user name) and its secret access key (password) from the server's credentials file.\n"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.util.Map.of("WWW-Authenticate", "Basic realm=\"Keyline\", charset=\"UTF-8\""));
    }

    /**
     * Writes an API request's reply once its writes are durable (docs/RULES.md#DURABILITY): at once
     * when they are (always with {@code --durability async}); otherwise when the storage's group
     * sync completes, on this channel's event loop, without holding a thread meanwhile. Called
     * on the event loop.
     */
    private void answer(ChannelHandlerContext ctx, Reply reply, String requestId, HttpVersion version, boolean keepAlive) {
        java.util.concurrent.CompletableFuture<Void> durable = processor.whenDurable();
        if (durable.isDone() && !durable.isCompletedExceptionally()) {
            written(respond(ctx, reply, requestId, version, keepAlive));
            return;
        }
        durable.whenComplete((ignored, failure) -> {
            Reply r = failure == null ? reply : ApiRequestProcessor.notDurable(requestId, failure);
            try {
                ctx.executor().execute(() -> written(respond(ctx, r, requestId, version, keepAlive)));
            } catch (RejectedExecutionException e) {
                inFlight.exit(); // the event loop is gone: nobody to write to
            }
        });
    }

    /** Runs {@code work} on a worker and writes its reply back on this channel's event loop. */
    private void handOff(ChannelHandlerContext ctx, FullHttpRequest request, String requestId, HttpVersion version,
                         boolean keepAlive, java.util.function.Supplier<Reply> work) {
        try {
            workers.execute(() -> {
                Reply reply;
                try {
                    reply = work.get();
                } finally {
                    request.release();
                }
                try {
                    ctx.executor().execute(() -> answer(ctx, reply, requestId, version, keepAlive));
                } catch (RejectedExecutionException e) {
                    inFlight.exit(); // the event loop is gone: nobody to write to
                }
            });
        } catch (RejectedExecutionException e) {
            // The server began closing between the check above and here: no worker will take it.
            inFlight.exit();
            request.release();
            respond(ctx, draining(), requestId, version, false);
        }
    }

    /**
     * The health check: 200 while storage serves; 503 with the reason while it is down and
     * recovering (docs/RULES.md#STORAGE-RECOVERY), so a load balancer sends traffic elsewhere.
     */
    private Reply health(String host) {
        StorageHealth storage = admin.storageHealth();
        return storage.serving() ? Reply.text(200, "healthy: " + host)
                : Reply.text(503, "unhealthy: " + host + ": storage is down and recovering: " + storage.problem());
    }

    private static Reply draining() {
        return Reply.error(Errors.serviceUnavailable(RequestLimits.DRAINING_MESSAGE));
    }

    /** Leaves the in-flight count once the reply is on the wire (or the channel was gone). */
    private void written(ChannelFuture write) {
        if (write == null) inFlight.exit();
        else write.addListener(f -> inFlight.exit());
    }

    private ChannelFuture respond(ChannelHandlerContext ctx, Reply reply, String requestId, HttpVersion version, boolean keepAlive) {
        return respond(ctx, reply, requestId, version, keepAlive, false);
    }

    /**
     * Writes the reply, then serves the next pending request; null if the channel is already gone.
     * The reply is already HTTP bytes ({@link HttpReplies#encode}), so it is written from the
     * response encoder's place in the pipeline, past it; without that encoder, from here.
     */
    private ChannelFuture respond(ChannelHandlerContext ctx, Reply reply, String requestId, HttpVersion version,
                                  boolean keepAlive, boolean headOnly) {
        if (!ctx.channel().isActive()) {
            releasePending();
            return null;
        }
        ByteBuf bytes = replies.encode(ctx.alloc(), origin != null ? Cors.allow(reply) : reply, requestId, version, keepAlive, headOnly);
        return wire.writeAndFlush(bytes).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess() || !keepAlive) {
                releasePending();
                f.channel().close();
            } else {
                next(ctx);
                afterReply.run();
            }
        });
    }

    /** What the client called us: its Host header, or else the address it reached. */
    private static String hostOf(ChannelHandlerContext ctx, FullHttpRequest request) {
        String host = request.headers().get(HttpHeaderNames.HOST);
        if (host != null && !host.isBlank()) return host.trim();
        if (ctx.channel().localAddress() instanceof InetSocketAddress a) {
            return a.getHostString() + ":" + a.getPort();
        }
        return String.valueOf(ctx.channel().localAddress());
    }

    private void releasePending() {
        FullHttpRequest r;
        while ((r = pending.poll()) != null) r.release();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        releasePending();
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException || cause instanceof CodecException) {
            // The client went away or sent something that is not HTTP: its business, not a server fault.
            LOG.debug("connection {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            LOG.warn("connection {} failed", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
