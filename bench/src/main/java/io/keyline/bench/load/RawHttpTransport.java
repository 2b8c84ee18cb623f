package io.keyline.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * A deliberately small HTTP/1.1 client: a fixed set of keep-alive connections on ONE event-loop
 * thread, one request in flight per connection, requests written as pre-encoded bytes (see
 * {@link RawRequests}) without copying. Its CPU per request is a few microseconds, so on a
 * 2-core machine the server, not the client, is what is measured.
 *
 * <p>Threading: all connection state (idle stack, pending queue) is touched only on the event
 * loop; {@link #send} from another thread hops onto it. Completions run on the event loop.
 */
public final class RawHttpTransport implements Transport {
    private static final int ERROR_SAMPLE_CHARS = 300;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final EventLoop loop = group.next();
    private final Bootstrap bootstrap;
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final ArrayDeque<Object[]> pending = new ArrayDeque<>();
    private volatile boolean closed;
    /** Connections open or reconnecting; at zero every request fails at once instead of queueing forever. */
    private int live;

    /** Opens {@code connections} connections; blocks until all are established. */
    public RawHttpTransport(String host, int port, int connections) {
        bootstrap = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override protected void initChannel(SocketChannel ch) {
                        Connection c = new Connection();
                        ch.pipeline().addLast(new HttpResponseDecoder(), c);
                    }
                })
                .remoteAddress(host, port);
        try {
            for (int i = 0; i < connections; i++) {
                Channel ch = bootstrap.connect().syncUninterruptibly().channel();
                Connection c = ch.pipeline().get(Connection.class);
                loop.submit(() -> {
                    live++;
                    idle.push(c);
                }).syncUninterruptibly();
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public void send(Object request, Completion completion) {
        if (loop.inEventLoop()) {
            dispatch((byte[]) request, completion);
        } else {
            loop.execute(() -> dispatch((byte[]) request, completion));
        }
    }

    private void dispatch(byte[] request, Completion completion) {
        if (live == 0) {
            completion.complete(NO_ANSWER, "no connection to the server");
            return;
        }
        Connection c = idle.poll();
        if (c == null) {
            pending.add(new Object[] {request, completion});
        } else {
            c.start(request, completion);
        }
    }

    private void release(Connection c) {
        Object[] next = pending.poll();
        if (next != null) {
            c.start((byte[]) next[0], (Completion) next[1]);
        } else {
            idle.push(c);
        }
    }

    @Override
    public void close() {
        closed = true;
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One keep-alive connection and the request it is waiting on. Event loop only. */
    private final class Connection extends SimpleChannelInboundHandler<HttpObject> {
        private ChannelHandlerContext ctx;
        private Completion inFlight;
        private int status;
        private StringBuilder errorBody;

        @Override public void handlerAdded(ChannelHandlerContext ctx) { this.ctx = ctx; }

        void start(byte[] request, Completion completion) {
            inFlight = completion;
            ctx.writeAndFlush(Unpooled.wrappedBuffer(request)).addListener(f -> {
                if (!f.isSuccess()) fail("write failed: " + f.cause());
            });
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (msg instanceof HttpResponse response) {
                status = response.status().code();
                errorBody = status == 200 ? null : new StringBuilder();
            }
            if (msg instanceof HttpContent content && errorBody != null && errorBody.length() < ERROR_SAMPLE_CHARS) {
                ByteBuf b = content.content();
                errorBody.append(b.toString(b.readerIndex(), Math.min(b.readableBytes(), ERROR_SAMPLE_CHARS), StandardCharsets.UTF_8));
            }
            if (msg instanceof LastHttpContent) {
                Completion done = inFlight;
                inFlight = null;
                if (done != null) done.complete(status, errorBody == null ? null : errorBody.toString());
                release(this);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            idle.remove(this);
            fail("connection closed");
            if (!closed) reconnect();
            else live--;
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }

        private void fail(String why) {
            Completion done = inFlight;
            inFlight = null;
            if (done != null) done.complete(NO_ANSWER, why);
        }

        /** One attempt; if it fails the connection is gone for the rest of the run. */
        private void reconnect() {
            bootstrap.connect().addListener(f -> {
                if (f.isSuccess()) {
                    Channel ch = ((io.netty.channel.ChannelFuture) f).channel();
                    release(ch.pipeline().get(Connection.class));
                } else if (--live == 0) {
                    Object[] next;
                    while ((next = pending.poll()) != null) ((Completion) next[1]).complete(NO_ANSWER, "no connection to the server");
                }
            });
        }
    }
}
