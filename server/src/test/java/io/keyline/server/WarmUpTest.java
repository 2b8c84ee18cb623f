package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.op.Operations;
import io.keyline.time.SystemClock;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up pipeline really answers both of its requests (so it exercises the real code paths). */
class WarmUpTest {
    @Test
    void warmUpRunsWithoutBindingAnything() {
        KeylineServer.warmUp();
        KeylineServer.warmUp(); // repeatable: no state besides class initialisation
    }

    @Test
    void embeddedPipelineAnswersHealthAndApiRequests() {
        HttpReplies replies = new HttpReplies(new RequestIds(0), SystemClock.INSTANCE);
        EmbeddedChannel channel = new EmbeddedChannel(KeylineServer.connectionHandlers(1024, replies,
                new RequestHandler(new ApiRequestProcessor(new Operations(List.of()), 1024), replies, Runnable::run, new InFlight())));
        String requests = "GET / HTTP/1.1\r\nHost: h\r\n\r\n"
                + "POST / HTTP/1.1\r\nHost: h\r\nX-Amz-Target: DynamoDB_20120810.Nope\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\nAuthorization: x\r\nContent-Length: 2\r\n\r\n{}";
        channel.writeInbound(Unpooled.copiedBuffer(requests, StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            channel.runPendingTasks();
            channel.writeInbound();
            ByteBuf b;
            while ((b = channel.readOutbound()) != null) {
                out.append(b.toString(StandardCharsets.US_ASCII));
                b.release();
            }
        }
        channel.finishAndReleaseAll();
        assertThat(out.toString()).contains("healthy: h").contains("UnknownOperationException");
    }
}
