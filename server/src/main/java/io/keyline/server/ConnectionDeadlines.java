package io.keyline.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Closes connections that hold the server's resources without using them
 * (docs/RULES.md#SERVER-CONNECTION-LIMITS):
 * <ul>
 * <li>idle: no request decoded and no reply written for the idle timeout, while no request is
 * running. A Netty {@code IdleStateHandler} placed just before this handler, after the HTTP
 * decoder, times it: it sees decoded messages only, so header bytes that trickle in without ever
 * completing a request do not count as activity;</li>
 * <li>slow: a request whose body has not all arrived within the read timeout of its request line
 * and headers. The timer is armed only when a read batch ends with the request still incomplete,
 * so the common request, read whole in one batch, schedules nothing.</li>
 * </ul>
 * Time spent running a request counts against neither. One instance per channel; every method
 * runs on the channel's event loop, so no field needs a lock. The timers are the event loop's
 * (network timeouts, not engine time).
 */
final class ConnectionDeadlines extends ChannelInboundHandlerAdapter {
    private final long readNanos;
    private final BooleanSupplier requestRunning;
    private boolean readingRequest;
    private ScheduledFuture<?> readDeadline;

    /**
     * @param requestReadTimeout zero for none
     * @param requestRunning     whether this connection has a request being run or waiting to be
     */
    ConnectionDeadlines(Duration requestReadTimeout, BooleanSupplier requestRunning) {
        this.readNanos = requestReadTimeout.toNanos();
        this.requestRunning = requestRunning;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof HttpRequest) readingRequest = true;
        if (msg instanceof LastHttpContent) {
            readingRequest = false;
            if (readDeadline != null) {
                readDeadline.cancel(false);
                readDeadline = null;
            }
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (readingRequest && readDeadline == null && readNanos > 0) {
            readDeadline = ctx.executor().schedule(() -> {
                if (readingRequest) ctx.close();
            }, readNanos, TimeUnit.NANOSECONDS);
        }
        super.channelReadComplete(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            if (!readingRequest && !requestRunning.getAsBoolean()) ctx.close();
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (readDeadline != null) readDeadline.cancel(false);
        super.channelInactive(ctx);
    }
}
