package io.keyline.server;

import io.keyline.op.Operations;
import io.keyline.time.SystemClock;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Passes a health check and an API call through an in-memory copy of the request pipeline, so
 * that the classes the first real request needs (HTTP codec, aggregator, handlers, JSON) are
 * loaded and initialised ahead of time. A launcher runs it while it opens storage, so the two
 * overlap and the server answers sooner. Nothing is bound and no thread is started; the only
 * state touched is class initialisation. Thread-safe.
 */
final class WarmUp {
    private static final String REQUESTS = "GET / HTTP/1.1\r\nHost: warm-up\r\n\r\n"
            + "POST / HTTP/1.1\r\nHost: warm-up\r\nX-Amz-Target: DynamoDB_20120810.WarmUp\r\n"
            + "Content-Type: application/x-amz-json-1.0\r\nAuthorization: AWS4-HMAC-SHA256 warm-up\r\n"
            + "Content-Length: 2\r\n\r\n{}";

    private WarmUp() {}

    static void run() {
        HttpReplies replies = new HttpReplies(new RequestIds(0), SystemClock.INSTANCE);
        ApiRequestProcessor processor = new ApiRequestProcessor(new Operations(List.of()), ServerOptions.DYNAMODB_MAX_REQUEST_BYTES);
        EmbeddedChannel channel = new EmbeddedChannel(KeylineServer.connectionHandlers(ServerOptions.DYNAMODB_MAX_REQUEST_BYTES,
                replies, new RequestHandler(processor, replies, Runnable::run, new InFlight())));
        try {
            channel.writeInbound(Unpooled.copiedBuffer(REQUESTS, StandardCharsets.US_ASCII));
            for (int i = 0; i < 4; i++) {
                channel.runPendingTasks(); // each reply lets the handler read the next request
                channel.writeInbound();
            }
        } finally {
            channel.finishAndReleaseAll();
        }
    }
}
