package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.time.ManualClock;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reply bytes the handler writes itself, read back by Netty's client-side decoder. */
class HttpRepliesTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T10:15:30Z"));
    private final HttpReplies replies = new HttpReplies(new RequestIds(7), clock);
    private final Reply ok = Reply.ok(Map.of("Item", Map.of("pk", Map.of("S", "a"))));

    private static String text(ByteBuf b) {
        try {
            return b.toString(StandardCharsets.ISO_8859_1);
        } finally {
            b.release();
        }
    }

    /** Parses one response with Netty's decoder: what an HTTP client sees. */
    private static FullHttpResponse parse(ByteBuf bytes) {
        EmbeddedChannel client = new EmbeddedChannel(new HttpResponseDecoder(), new HttpObjectAggregator(1 << 20));
        client.writeInbound(bytes);
        FullHttpResponse r = client.readInbound();
        client.finishAndReleaseAll();
        return r;
    }

    @Test
    void aSuccessIsTheStatusLineDynamoDbHeadersAndTheBody() {
        String wire = text(replies.encode(ByteBufAllocator.DEFAULT, ok, "RID", HttpVersion.HTTP_1_1, true, false));
        String body = new String(ok.body(), StandardCharsets.UTF_8);
        assertThat(wire).isEqualTo("HTTP/1.1 200 OK\r\n"
                + "x-amzn-RequestId: RID\r\n"
                + "x-amz-crc32: " + HttpReplies.crc32(ok.body()) + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "Content-Length: " + ok.body().length + "\r\n"
                + "Date: Mon, 30 Nov 2026 10:15:30 GMT\r\n"
                + "\r\n" + body);
    }

    @Test
    void aClientReadsTheSameHeadersAsFromNettysOwnResponse() {
        FullHttpResponse ours = parse(replies.encode(ByteBufAllocator.DEFAULT, ok, "RID", HttpVersion.HTTP_1_1, true, false));
        EmbeddedChannel encoder = new EmbeddedChannel(new HttpResponseEncoder());
        encoder.writeOutbound(replies.build(ok, "RID", HttpVersion.HTTP_1_1, true));
        ByteBuf nettyBytes = Unpooled.buffer();
        for (ByteBuf b; (b = encoder.readOutbound()) != null; b.release()) nettyBytes.writeBytes(b);
        FullHttpResponse netty = parse(nettyBytes);
        try {
            assertThat(ours.status()).isEqualTo(netty.status());
            assertThat(ours.headers().names()).hasSameSizeAs(netty.headers().names());
            netty.headers().forEach(h -> assertThat(ours.headers().get(h.getKey())).as(h.getKey()).isEqualTo(h.getValue()));
            assertThat(ours.content()).isEqualTo(netty.content());
        } finally {
            ours.release();
            netty.release();
        }
    }

    @Test
    void anErrorCarriesItsStatusAndReasonPhrase() {
        Reply error = Reply.text(400, "bad");
        String wire = text(replies.encode(ByteBufAllocator.DEFAULT, error, "RID", HttpVersion.HTTP_1_1, true, false));
        assertThat(wire).startsWith("HTTP/1.1 400 Bad Request\r\n").contains("\r\nContent-Type: text/plain; charset=utf-8\r\n")
                .endsWith("\r\n\r\nbad\n");
    }

    @Test
    void connectionHeaderFollowsKeepAliveAndVersion() {
        assertThat(text(replies.encode(ByteBufAllocator.DEFAULT, ok, "R", HttpVersion.HTTP_1_1, false, false)))
                .contains("\r\nConnection: close\r\n");
        assertThat(text(replies.encode(ByteBufAllocator.DEFAULT, ok, "R", HttpVersion.HTTP_1_0, true, false)))
                .startsWith("HTTP/1.0 200 OK\r\n").contains("\r\nConnection: keep-alive\r\n");
        assertThat(text(replies.encode(ByteBufAllocator.DEFAULT, ok, "R", HttpVersion.HTTP_1_1, true, false)))
                .doesNotContain("Connection");
    }

    @Test
    void aHeadReplyAnnouncesTheBodyWithoutSendingIt() {
        String wire = text(replies.encode(ByteBufAllocator.DEFAULT, Reply.text(200, "healthy"), "R", HttpVersion.HTTP_1_1, true, true));
        assertThat(wire).contains("\r\nContent-Length: 8\r\n").endsWith("\r\n\r\n");
    }

    @Test
    void anEmptyBodyHasLengthZeroAndNoContentTypeWhenItHasNone() {
        String wire = text(replies.encode(ByteBufAllocator.DEFAULT, Reply.empty(400), "R", HttpVersion.HTTP_1_1, false, false));
        assertThat(wire).contains("\r\nx-amz-crc32: 0\r\n").contains("\r\nContent-Length: 0\r\n").doesNotContain("Content-Type")
                .endsWith("\r\n\r\n");
    }

    @Test
    void theDateFollowsTheClock() {
        replies.encode(ByteBufAllocator.DEFAULT, ok, "R", HttpVersion.HTTP_1_1, true, false).release();
        clock.advance(java.time.Duration.ofSeconds(61));
        assertThat(text(replies.encode(ByteBufAllocator.DEFAULT, ok, "R", HttpVersion.HTTP_1_1, true, false)))
                .contains("\r\nDate: Mon, 30 Nov 2026 10:16:31 GMT\r\n");
    }

    @Test
    void decimalsAreWrittenWithoutStrings() {
        for (long v : new long[] {0, 7, 10, 99, 100, 4_294_967_295L, Long.MAX_VALUE}) {
            ByteBuf b = Unpooled.buffer(1);
            HttpReplies.writeDecimal(b, v);
            assertThat(text(b)).isEqualTo(Long.toString(v));
        }
    }
}
