package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.op.Operation;
import io.keyline.op.Operations;
import io.keyline.protocol.JsonObject;
import io.keyline.server.testing.RawHttp;
import io.keyline.time.SystemClock;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Where a request runs: a quick operation on the event loop that read it, anything else (and
 * every body too large to parse there) on the worker executor. The executor here only queues
 * tasks, so a task that reached it is visible and runs only when the test says so.
 */
class RequestDispatchTest {
    private final List<Runnable> handedOff = new ArrayList<>();
    private final Executor workers = handedOff::add;
    private final List<String> ran = new ArrayList<>();

    private EmbeddedChannel channel() {
        Operations ops = new Operations(List.of(op("Fast", true), op("Slow", false)));
        HttpReplies replies = new HttpReplies(new RequestIds(0), SystemClock.INSTANCE);
        return new EmbeddedChannel(KeylineServer.connectionHandlers(ServerOptions.DYNAMODB_MAX_REQUEST_BYTES, replies,
                new RequestHandler(new ApiRequestProcessor(ops, ServerOptions.DYNAMODB_MAX_REQUEST_BYTES), replies, workers, new InFlight())));
    }

    private Operation<JsonObject> op(String name, boolean quick) {
        return new Operation<JsonObject>() {
            @Override public String name() { return name; }

            @Override public JsonObject decode(JsonObject request) { return request; }

            @Override public Object run(JsonObject request) {
                ran.add(name);
                return Map.of("Ran", name);
            }

            @Override public boolean quick(JsonObject request) { return quick; }
        };
    }

    private static ByteBuf post(String target, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST / HTTP/1.1\r\nHost: h\r\nX-Amz-Target: DynamoDB_20120810." + target + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\nX-Amz-Date: " + RawHttp.DUMMY_AMZ_DATE + "\r\n"
                + "Authorization: " + RawHttp.DUMMY_AUTHORIZATION + "\r\nContent-Length: " + bytes.length + "\r\n\r\n";
        return Unpooled.wrappedBuffer(head.getBytes(StandardCharsets.US_ASCII), bytes);
    }

    private static String output(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        ByteBuf b;
        while ((b = channel.readOutbound()) != null) {
            out.append(b.toString(StandardCharsets.UTF_8));
            b.release();
        }
        return out.toString();
    }

    @Test
    void quickOperationRunsOnTheEventLoop() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(post("Fast", "{}"));
        assertThat(handedOff).isEmpty();
        assertThat(ran).containsExactly("Fast");
        assertThat(output(channel)).contains("200 OK").contains("{\"Ran\":\"Fast\"}");
        channel.finishAndReleaseAll();
    }

    @Test
    void otherOperationsGoToAWorkerAndAnswerThroughTheEventLoop() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(post("Slow", "{}"));
        assertThat(ran).isEmpty();
        assertThat(handedOff).hasSize(1);
        handedOff.remove(0).run();
        assertThat(ran).containsExactly("Slow");
        channel.runPendingTasks();
        assertThat(output(channel)).contains("{\"Ran\":\"Slow\"}");
        channel.finishAndReleaseAll();
    }

    @Test
    void errorsBeforeTheOperationAreAnsweredOnTheEventLoop() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(post("Slow", "{not json"));
        assertThat(handedOff).isEmpty();
        assertThat(output(channel)).contains("400 Bad Request").contains("SerializationException");
        channel.finishAndReleaseAll();
    }

    @Test
    void aHeadReplyHasTheHeadersAndNoBodySoTheNextReplyFollowsCleanly() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.copiedBuffer("HEAD / HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n",
                StandardCharsets.US_ASCII));
        for (int i = 0; i < 3; i++) {
            channel.runPendingTasks();
            channel.writeInbound();
        }
        String out = output(channel);
        String head = out.substring(0, out.indexOf("HTTP/1.1", 1));
        assertThat(head).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\nContent-Length: 11\r\n").endsWith("\r\n\r\n");
        assertThat(out.substring(head.length())).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nhealthy: h\n");
        channel.finishAndReleaseAll();
    }

    @Test
    void largeBodiesAreParsedByAWorkerEvenForAQuickOperation() {
        EmbeddedChannel channel = channel();
        String padding = "x".repeat(RequestHandler.MAX_INLINE_PARSE_BYTES);
        channel.writeInbound(post("Fast", "{\"Pad\":\"" + padding + "\"}"));
        assertThat(ran).isEmpty();
        assertThat(handedOff).hasSize(1);
        handedOff.remove(0).run();
        channel.runPendingTasks();
        assertThat(ran).containsExactly("Fast");
        assertThat(output(channel)).contains("{\"Ran\":\"Fast\"}");
        channel.finishAndReleaseAll();
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderAcrossBothPaths() {
        EmbeddedChannel channel = channel();
        ByteBuf both = Unpooled.wrappedBuffer(post("Slow", "{}"), post("Fast", "{}"));
        channel.writeInbound(both);
        assertThat(ran).isEmpty(); // the quick one waits behind the slow one
        handedOff.remove(0).run();
        for (int i = 0; i < 3; i++) {
            channel.runPendingTasks();
            channel.writeInbound();
        }
        String out = output(channel);
        assertThat(ran).containsExactly("Slow", "Fast");
        assertThat(out.indexOf("\"Slow\"")).isLessThan(out.indexOf("\"Fast\"")).isNotNegative();
        channel.finishAndReleaseAll();
    }
}
