package io.keyline.server;

import io.keyline.error.Errors;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;

/**
 * Refuses a request whose Host header names another server ({@link HostCheck},
 * docs/RULES.md#SERVER-HOST) as soon as its headers are decoded, before its body is read or
 * buffered: HTTP 404 UnknownOperationException, then a {@link LingeringClose}. Sits just after
 * the HTTP decoder; everything after a refusal is dropped. One per channel, event loop only.
 */
final class HostGate extends ChannelInboundHandlerAdapter {
    private final HostCheck check;
    private final HttpReplies replies;
    private boolean refused;

    HostGate(HostCheck check, HttpReplies replies) {
        this.check = check;
        this.replies = replies;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request && request.decoderResult().isSuccess()) {
            String host = request.headers().get(HttpHeaderNames.HOST);
            if (!check.allows(host)) {
                refused = true;
                ReferenceCountUtil.release(msg);
                Reply reply = Reply.error(Errors.foreignHost(RequestLimits.foreignHostMessage(host)));
                LingeringClose.refuse(ctx, replies.build(reply, replies.newRequestId(), request.protocolVersion(), false));
                return;
            }
        }
        super.channelRead(ctx, msg);
    }
}
