package io.keyline.server;

import io.keyline.metrics.Metrics;
import io.keyline.op.Operations;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The DynamoDB HTTP endpoint: Netty event loops frame HTTP/1.1 (keep-alive, chunked bodies,
 * request size limit) and a worker pool runs {@link ApiRequestProcessor}, so storage never
 * blocks an event loop. Lifecycle: construct, {@link #start} once, {@link #close} once (close
 * stops accepting, lets requests in flight finish within {@link ServerOptions#shutdownTimeout},
 * then stops the event loops). It does not own the {@link Operations} or the engine behind them:
 * close the engine after the server. {@code start} and {@code close} are thread-safe.
 */
public final class KeylineServer implements AutoCloseable {
    /** Longest request line and header block DynamoDB takes: 16 KB each (test_manual_requests.py). */
    static final int MAX_REQUEST_LINE_BYTES = 16 * 1024;
    static final int MAX_HEADER_BYTES = 16 * 1024;
    /** The largest piece of a body the decoder hands on at once; the aggregator joins the pieces. */
    static final int MAX_CHUNK_BYTES = 64 * 1024;

    /**
     * Linux's native epoll transport when its library loads: fewer system calls per request than
     * the JDK's selector (docs/BENCHMARKS.md, "The tail at half load, session 4"). Elsewhere,
     * or with Netty's {@code -Dio.netty.transport.noNative=true}, NIO; both behave the same.
     */
    private static final boolean EPOLL = Epoll.isAvailable();

    private final ServerOptions options;
    private final BodyBudget bodyBudget;
    private ApiRequestProcessor processor;
    /** Cluster mode's forwarder ({@link #forwardToOwners}), or null. */
    private io.keyline.server.cluster.Forwarder forwarder;
    /** Cluster mode: where the other nodes call this one ({@link #exchangeCapacity}, {@link #lendAndBorrow}), by path. */
    private final java.util.Map<String, io.keyline.server.cluster.NodeEndpoint> nodeEndpoints = new java.util.concurrent.ConcurrentHashMap<>();
    private final Operations operations;
    private final RequestMetering metering;
    private ServerSecurity security = ServerSecurity.none();
    private final HttpReplies replies;
    private final AdminRoutes admin;
    private final Metrics metrics;
    private final Clock clock;
    private final InFlight inFlight = new InFlight();
    private EventLoopGroup acceptor;
    private EventLoopGroup io;
    private ExecutorService workers;
    private Channel serverChannel;
    private boolean closed;

    public KeylineServer(Operations operations) {
        this(operations, ServerOptions.defaults(), SystemClock.INSTANCE);
    }

    /** @param clock the source of the Date header */
    public KeylineServer(Operations operations, ServerOptions options, Clock clock) {
        this(operations, options, clock, AdminRoutes.none());
    }

    /** @param admin the read-only admin pages served on GET (e.g. {@link AdminRoutes#of}) */
    public KeylineServer(Operations operations, ServerOptions options, Clock clock, AdminRoutes admin) {
        this(operations, options, clock, admin, null);
    }

    /**
     * @param metrics where each request's outcome is recorded and what {@code GET /metrics}
     *                serves (with {@link AdminRoutes#of(io.keyline.engine.Engine, Metrics)}), or null for none;
     *                the server samples its capacity levels every second while it runs
     */
    public KeylineServer(Operations operations, ServerOptions options, Clock clock, AdminRoutes admin, Metrics metrics) {
        this.options = options;
        this.clock = clock;
        this.bodyBudget = new BodyBudget(options.maxBufferedRequestBytes());
        this.admin = admin;
        this.metrics = metrics;
        this.operations = operations;
        this.metering = RequestMetering.of(metrics, clock);
        this.processor = new ApiRequestProcessor(operations, options.maxRequestBytes(), metering);
        this.replies = new HttpReplies(new RequestIds(options.requestIdSeed()), clock);
    }

    /**
     * Who may call and whether the port speaks TLS (docs/SECURITY.md); before {@link #start}.
     * Without it: signatures parsed, not verified, and plain HTTP, as before security existed.
     *
     * @return this server
     */
    public synchronized KeylineServer secure(ServerSecurity security) {
        if (serverChannel != null || closed) throw new IllegalStateException("secure a server before it starts");
        this.security = java.util.Objects.requireNonNull(security, "security");
        this.processor = new ApiRequestProcessor(operations, options.maxRequestBytes(), metering, security.authenticator(),
                security.tlsEnabled());
        if (forwarder != null) processor.forwardTo(forwarder);
        return this;
    }

    /**
     * Cluster mode (docs/CLUSTER.md, "Ownership of partitions"): requests for items whose token
     * range another Keyline node owns are forwarded to it as they came, signed with the cluster's
     * secret; a request that says it was forwarded is honoured only with that signature
     * (docs/RULES.md#CLUSTER-FORWARD-TRUST). Before {@link #start}.
     *
     * @param clusterSecret the cluster's secret ({@link io.keyline.storage.Coordination#clusterSecret})
     * @return this server
     */
    public synchronized KeylineServer forwardToOwners(byte[] clusterSecret) {
        if (serverChannel != null || closed) throw new IllegalStateException("set forwarding before the server starts");
        forwarder = new io.keyline.server.cluster.Forwarder(clusterSecret, clock);
        processor.forwardTo(forwarder);
        return this;
    }

    /**
     * Cluster mode (docs/CLUSTER.md, "Capacity across nodes"): this node receives the other
     * nodes' capacity reports on {@link io.keyline.engine.cluster.CapacityExchange#PATH} and
     * sends its own over HTTP, each report signed with the cluster's secret and honoured only with
     * that signature (docs/RULES.md#CLUSTER-FORWARD-TRUST); before {@link #start}.
     *
     * @param clusterSecret the cluster's secret ({@link io.keyline.storage.Coordination#clusterSecret})
     * @return this server
     */
    public synchronized KeylineServer exchangeCapacity(io.keyline.engine.cluster.CapacityExchange exchange, byte[] clusterSecret) {
        if (serverChannel != null || closed) throw new IllegalStateException("set the capacity exchange before the server starts");
        io.keyline.server.cluster.ForwardSignature signature = new io.keyline.server.cluster.ForwardSignature(clusterSecret);
        io.keyline.server.cluster.CapacityEndpoint endpoint = new io.keyline.server.cluster.CapacityEndpoint(exchange, signature, clock);
        nodeEndpoints.put(endpoint.path(), endpoint);
        exchange.start(new io.keyline.server.cluster.CapacityClient(signature, clock));
        return this;
    }

    /**
     * Cluster mode (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS): this node lends its items to the
     * transactions other nodes coordinate, on {@link io.keyline.engine.cluster.ItemLoans#PATH}, and
     * its own transactions borrow theirs over the same channel, every request signed with the
     * cluster's secret; before {@link #start}.
     *
     * @return this server
     */
    public synchronized KeylineServer lendAndBorrow(io.keyline.engine.cluster.ItemLoans loans, io.keyline.engine.cluster.Borrower borrower,
                                                    byte[] clusterSecret) {
        if (serverChannel != null || closed) throw new IllegalStateException("set the loan channel before the server starts");
        io.keyline.server.cluster.LoanEndpoint endpoint = new io.keyline.server.cluster.LoanEndpoint(loans,
                new io.keyline.server.cluster.ForwardSignature(clusterSecret), clock);
        nodeEndpoints.put(endpoint.path(), endpoint);
        borrower.sendThrough(endpoint);
        return this;
    }

    /** Whether the port speaks HTTPS ({@link #secure}). */
    public boolean tls() { return security.tlsEnabled(); }

    /**
     * Binds and starts serving. Port 0 picks a free port.
     *
     * @return the port bound
     * @throws UncheckedIOException if the address cannot be bound (port in use, unknown host)
     */
    public synchronized int start(String host, int port) {
        if (serverChannel != null || closed) throw new IllegalStateException("a server starts once");
        acceptor = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("keyline-accept", true), ioHandlers());
        io = new MultiThreadIoEventLoopGroup(0, new DefaultThreadFactory("keyline-io", true), ioHandlers());
        workers = Executors.newFixedThreadPool(options.workerThreads(), threads("keyline-worker"));
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, io)
                .channel(EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override protected void initChannel(SocketChannel ch) {
                        RequestHandler handler = new RequestHandler(processor, replies, workers, inFlight, admin);
                        handler.secure(security.authenticator(), security.tlsEnabled());
                        handler.nodeEndpoints(nodeEndpoints);
                        // HTTPS only when a certificate is given: one port, one scheme (docs/SECURITY.md)
                        if (security.tlsEnabled()) ch.pipeline().addLast("tls", security.tls().newHandler(ch.alloc()));
                        ch.pipeline().addLast(connectionHandlers(options.maxRequestBytes(), replies, handler));
                        addDeadlines(ch.pipeline(), handler);
                        BodyBudget.Gate gate = bodyBudget.new Gate(replies);
                        ch.pipeline().addBefore(ch.pipeline().context(BodyLimitAggregator.class).name(), "budget", gate);
                        // A foreign Host is refused before its body is read (docs/RULES.md#SERVER-HOST).
                        if (!security.hosts().allowsAny()) ch.pipeline().addBefore("budget", "host", new HostGate(security.hosts(), replies));
                        handler.afterReply(gate::replied);
                    }
                });
        ChannelFuture bound = bootstrap.bind(new InetSocketAddress(host, port)).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            shutdownExecutors();
            Throwable cause = bound.cause();
            String reason = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
            String what = "cannot listen on " + host + ":" + port + ": " + reason;
            throw new UncheckedIOException(what, cause instanceof IOException io ? io : new IOException(reason, cause));
        }
        serverChannel = bound.channel();
        if (metrics != null && metrics.enabled()) {
            // Levels (provisioned units, partitions, buckets) once a second, on the acceptor's thread.
            acceptor.next().scheduleAtFixedRate(this::sampleMetrics, 1, 1, TimeUnit.SECONDS);
        }
        return port();
    }

    /**
     * Loads and initialises what the first request needs by passing two requests through an
     * in-memory pipeline (nothing is bound). Optional: a launcher calls it while it opens
     * storage so that the two overlap. Thread-safe.
     */
    public static void warmUp() {
        WarmUp.run();
    }

    /** Request bytes held now across all connections (for tests and metrics). */
    long bufferedRequestBytes() {
        return bodyBudget.used();
    }

    /** The port bound by {@link #start}. */
    public synchronized int port() {
        if (serverChannel == null) throw new IllegalStateException("not started");
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (serverChannel == null) return;
        inFlight.startDraining();
        serverChannel.close().syncUninterruptibly();
        shutdownExecutors();
    }

    private void sampleMetrics() {
        try {
            metrics.sample();
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(KeylineServer.class).warn("metrics sample failed", e);
        }
    }

    /**
     * One grace period for everything: requests running (and queued for a worker) get until the
     * deadline to finish and have their replies written; past it, workers are interrupted.
     */
    private void shutdownExecutors() {
        long timeoutMillis = options.shutdownTimeout().toMillis();
        workers.shutdown();
        try {
            // Wait until the last replies are written, not just computed: the event loops write them.
            long left = inFlight.awaitIdle(TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
            if (left <= 0) workers.shutdownNow();
            workers.awaitTermination(Math.max(left, 0), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            workers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        acceptor.shutdownGracefully(0, timeoutMillis, TimeUnit.MILLISECONDS);
        io.shutdownGracefully(0, timeoutMillis, TimeUnit.MILLISECONDS);
        acceptor.terminationFuture().syncUninterruptibly();
        io.terminationFuture().syncUninterruptibly();
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static IoHandlerFactory ioHandlers() {
        return EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /**
     * The handlers of one connection, in pipeline order; the server, the warm-up and the tests
     * build the same. Netty's response encoder is there only for the aggregator's interim replies
     * (100-continue refused); {@link RequestHandler} writes encoded bytes past it.
     */
    /** Idle and slow-request deadlines, just after the decoder (see {@link ConnectionDeadlines}). */
    private void addDeadlines(ChannelPipeline pipeline, RequestHandler handler) {
        if (options.idleTimeout().isZero() && options.requestReadTimeout().isZero()) return;
        String decoder = pipeline.context(HttpRequestDecoder.class).name();
        pipeline.addAfter(decoder, "idle", new IdleStateHandler(0, 0, options.idleTimeout().toNanos(), TimeUnit.NANOSECONDS));
        pipeline.addAfter("idle", "deadlines", new ConnectionDeadlines(options.requestReadTimeout(), handler::running));
    }

    static ChannelHandler[] connectionHandlers(int maxRequestBytes, HttpReplies replies, RequestHandler handler) {
        return new ChannelHandler[] {
                new HttpRequestDecoder(MAX_REQUEST_LINE_BYTES, MAX_HEADER_BYTES, MAX_CHUNK_BYTES),
                new HttpResponseEncoder(),
                new BodyLimitAggregator(maxRequestBytes, replies),
                handler};
    }
}
