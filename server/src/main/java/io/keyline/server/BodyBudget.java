package io.keyline.server;

import io.keyline.error.Errors;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the request bytes the server holds at once, across all connections
 * (docs/RULES.md#SERVER-CONNECTION-LIMITS): each connection reserves its body bytes from one
 * shared budget as they arrive and gives each request's back once that request is answered. A body that
 * does not fit is refused with a retryable 503 ServiceUnavailable and its connection closed
 * (after a {@link LingeringClose}),
 * so 300 clients each sending 16 MB cannot hold 5 GB: the count of connections alone does not
 * bound memory, their bytes do.
 *
 * <p>The budget is shared and lock-free (one AtomicLong); a {@link Gate} is per channel and runs
 * on its event loop.
 */
final class BodyBudget {
    static final String FULL_MESSAGE = "The server is holding too many request bytes; retry the request";

    private final long capacity;
    private final AtomicLong used = new AtomicLong();

    BodyBudget(long capacityBytes) {
        this.capacity = capacityBytes;
    }

    long used() {
        return used.get();
    }

    private boolean reserve(long bytes) {
        while (true) {
            long now = used.get();
            if (now + bytes > capacity) return false;
            if (used.compareAndSet(now, now + bytes)) return true;
        }
    }

    private void release(long bytes) {
        if (bytes > 0) used.addAndGet(-bytes);
    }

    /** One connection's share: sits after the HTTP decoder, before the aggregator. */
    final class Gate extends ChannelInboundHandlerAdapter {
        private final HttpReplies replies;
        /** Bytes of each request read whole and not yet answered, in arrival (and so reply) order. */
        private final java.util.ArrayDeque<Long> awaitingReply = new java.util.ArrayDeque<>();
        /** Bytes of the request being read. */
        private long reading;
        private boolean refused;

        Gate(HttpReplies replies) {
            this.replies = replies;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (refused) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof HttpContent content) {
                int bytes = ((ByteBufHolder) content).content().readableBytes();
                if (bytes > 0 && !reserve(bytes)) {
                    refuse(ctx, msg);
                    return;
                }
                reading += bytes;
            }
            if (msg instanceof LastHttpContent) {
                awaitingReply.add(reading);
                reading = 0;
            }
            super.channelRead(ctx, msg);
        }

        /** Called when a reply has been written: the oldest request's bytes go back. */
        void replied() {
            Long bytes = awaitingReply.poll();
            if (bytes != null) release(bytes);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            for (Long bytes : awaitingReply) release(bytes);
            awaitingReply.clear();
            release(reading);
            reading = 0;
            super.channelInactive(ctx);
        }

        private void refuse(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            refused = true;
            // The part of the body already read goes now, not when the lingering connection closes:
            // removing the aggregator releases it, and its bytes go back to the budget.
            if (ctx.pipeline().get(BodyLimitAggregator.class) != null) ctx.pipeline().remove(BodyLimitAggregator.class);
            release(reading);
            reading = 0;
            Reply reply = Reply.error(Errors.serviceUnavailable(FULL_MESSAGE));
            // Lingering, not closed at once: the client still sending would see a reset, not the 503 it can retry.
            LingeringClose.refuse(ctx, replies.build(reply, replies.newRequestId(), io.netty.handler.codec.http.HttpVersion.HTTP_1_1, false));
        }
    }
}
