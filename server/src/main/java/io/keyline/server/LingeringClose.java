package io.keyline.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose request was refused before its body was all read (a body over the
 * size limit, one the body budget has no room for, a Host that names another server) without
 * losing the refusal (docs/RULES.md#SERVER-REFUSAL-DELIVERY). Closing a socket whose receive
 * buffer still holds unread bytes makes the kernel send a reset, and a client still writing its
 * body (the AWS SDKs and botocore write the whole body before they read) then sees "connection
 * reset" instead of the reply. So, as Apache's and nginx's lingering close do: the reply is
 * written with {@code Connection: close}, the output side is shut (plain TCP; under TLS the
 * close_notify at the end does that), and whatever still arrives is read and thrown away, holding
 * no memory, until the client closes, {@link #MAX_DISCARDED_BYTES} have been thrown away, or
 * {@link #LINGER} has passed. Installed at the head of the channel's pipeline (before TLS, so
 * ciphertext is dropped undecrypted); once there, nothing further reaches the HTTP decoder.
 * Event-loop only, one per channel.
 */
final class LingeringClose extends ChannelInboundHandlerAdapter {
    /** How long a refused client may go on sending before the connection is closed anyway (nginx's lingering_time). */
    static final Duration LINGER = Duration.ofSeconds(30);
    /** How much a refused client may go on sending: the rest of a body over the 16 MB limit, with room to spare. */
    static final long MAX_DISCARDED_BYTES = 2L * ServerOptions.DYNAMODB_MAX_REQUEST_BYTES;

    private long discarded;

    private LingeringClose() {}

    /**
     * Writes {@code reply} (an HTTP response the pipeline encodes from {@code ctx} on) as the
     * connection's last, then lingers as described above. Call on the channel's event loop.
     */
    static void refuse(ChannelHandlerContext ctx, Object reply) {
        Channel channel = ctx.channel();
        if (channel.pipeline().get(LingeringClose.class) == null) channel.pipeline().addFirst("linger", new LingeringClose());
        channel.config().setAutoRead(true); // a pipelined request may have turned reading off: keep draining
        ctx.writeAndFlush(reply).addListener(written -> {
            if (!written.isSuccess()) {
                channel.close();
            } else if (channel instanceof DuplexChannel duplex && channel.pipeline().get(SslHandler.class) == null) {
                duplex.shutdownOutput(); // the client may read the reply and the end at once, while it still sends
            }
        });
        ctx.executor().schedule(() -> { channel.close(); }, LINGER.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf bytes) discarded += bytes.readableBytes();
        ReferenceCountUtil.release(msg);
        if (discarded > MAX_DISCARDED_BYTES) ctx.close();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        // Swallowed with the bytes: the handlers behind have nothing to finish.
    }
}
