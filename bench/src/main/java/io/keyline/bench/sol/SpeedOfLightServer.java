package io.keyline.bench.sol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpUtil;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The speed-of-light server: Netty HTTP/1.1, the request body parsed to the last token with
 * Jackson (every real server must at least do that), then a fixed valid response for the
 * operation with its {@code x-amz-crc32}, as bytes encoded once. It stores nothing, so its
 * throughput bounds what any DynamoDB-compatible server can reach with the same client on the
 * same machine. It uses the transport Keyline uses (epoll on Linux, else NIO), so that it stays
 * a bound.
 *
 * <p>Threading: Netty event loops, one per core; the handler is stateless apart from the
 * response cache, which is filled once per (table, operation) and then only read.
 */
public final class SpeedOfLightServer implements AutoCloseable {
    /** Largest accepted body: DynamoDB's 16 MB BatchWriteItem request limit (API reference). */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";

    private final EventLoopGroup group;
    private final Channel channel;

    private SpeedOfLightServer(EventLoopGroup group, Channel channel) {
        this.group = group;
        this.channel = channel;
    }

    /** Binds 127.0.0.1:port (0 = any free port) and serves until {@link #close}. */
    public static SpeedOfLightServer start(int port, int threads) {
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        Handler handler = new Handler();
        Channel ch = new ServerBootstrap().group(group).channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override protected void initChannel(SocketChannel c) {
                        c.pipeline().addLast(new HttpRequestDecoder(), new HttpResponseEncoder(), new HttpObjectAggregator(MAX_BODY_BYTES), handler);
                    }
                })
                .bind("127.0.0.1", port).syncUninterruptibly().channel();
        return new SpeedOfLightServer(group, ch);
    }

    public int port() { return ((InetSocketAddress) channel.localAddress()).getPort(); }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Usage: {@code SpeedOfLightServer --port N [--threads T]}; runs until killed. */
    public static void main(String[] args) throws InterruptedException {
        int port = 8000;
        int threads = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--port")) port = Integer.parseInt(args[i + 1]);
            else if (args[i].equals("--threads")) threads = Integer.parseInt(args[i + 1]);
            else throw new IllegalArgumentException("unknown option " + args[i]);
        }
        SpeedOfLightServer server = start(port, threads);
        System.out.println("speed-of-light server listening on " + server.port());
        server.channel.closeFuture().sync();
    }

    @ChannelHandler.Sharable
    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final JsonFactory json = new JsonFactory();
        private final CannedResponses responses = new CannedResponses();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) throws IOException {
            String target = request.headers().get("X-Amz-Target", "");
            String operation = target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : target;
            String table = parseTableName(request);
            CannedResponses.Canned canned = responses.forRequest(operation, table);
            // The whole response is fixed, so it is bytes made once, written past the response encoder.
            ChannelHandlerContext wire = ctx.pipeline().context(HttpResponseEncoder.class);
            if (HttpUtil.isKeepAlive(request)) {
                wire.writeAndFlush(Unpooled.wrappedBuffer(canned.keepAliveResponse()));
            } else {
                wire.writeAndFlush(Unpooled.wrappedBuffer(canned.closingResponse())).addListener(ChannelFutureListener.CLOSE);
            }
        }

        /** Reads every token of the body (the minimum parse) and returns the top-level TableName. */
        private String parseTableName(FullHttpRequest request) throws IOException {
            String table = null;
            try (JsonParser p = json.createParser((java.io.InputStream) new ByteBufInputStream(request.content()))) {
                int depth = 0;
                JsonToken t;
                while ((t = p.nextToken()) != null) {
                    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) depth++;
                    else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) depth--;
                    else if (t == JsonToken.VALUE_STRING && depth == 1 && "TableName".equals(p.currentName())) table = p.getText();
                    else if (t == JsonToken.VALUE_STRING) p.getText();
                }
            } catch (IOException e) {
                return null;
            }
            return table;
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
