package io.keyline.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import io.keyline.error.Errors;

/**
 * Aggregates a request into one buffer, up to the request size limit. A request announced
 * larger (Content-Length) is refused before its body is read; a chunked one as soon as it passes
 * the limit. The refusal is DynamoDB's 413 in JSON, and the connection is closed after a
 * {@link LingeringClose}, so that the rest of the body is thrown away unbuffered and the client,
 * still sending, reads the 413 rather than a reset. One instance per channel (the aggregator is stateful).
 */
final class BodyLimitAggregator extends HttpObjectAggregator {
    private final HttpReplies replies;

    BodyLimitAggregator(int maxRequestBytes, HttpReplies replies) {
        super(maxRequestBytes);
        this.replies = replies;
    }

    /** An oversized {@code Expect: 100-continue} request gets the same JSON 413 instead of Netty's bare one. */
    @Override
    protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
        Object response = super.newContinueResponse(start, maxContentLength, pipeline);
        if (response instanceof HttpResponse r && r.status().equals(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE)
                && start instanceof HttpRequest request) {
            ReferenceCountUtil.release(response);
            Reply reply = Reply.error(Errors.requestTooLarge(RequestLimits.TOO_LARGE_MESSAGE));
            // The aggregator skips the body the client may still send, so the connection stays usable.
            return replies.build(reply, replies.newRequestId(), request.protocolVersion(), true);
        }
        return response;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        if (!(oversized instanceof HttpRequest request)) {
            ctx.close();
            return;
        }
        Reply reply = Reply.error(Errors.requestTooLarge(RequestLimits.TOO_LARGE_MESSAGE));
        // Not closed at once: a client still sending its body would see a reset, not the 413.
        LingeringClose.refuse(ctx, replies.build(reply, replies.newRequestId(), request.protocolVersion(), false));
    }
}
