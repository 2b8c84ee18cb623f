package io.keyline.server;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.keyline.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.zip.CRC32;

/**
 * Builds the Netty response for a {@link Reply} with the headers every DynamoDB reply carries:
 * x-amzn-RequestId, x-amz-crc32 (CRC32 of the body bytes, computed once; boto3 and the Go SDK
 * verify it), Content-Type, Content-Length, Date, and Connection as keep-alive requires. The
 * body array is wrapped, not copied. Thread-safe.
 */
final class HttpReplies {
    static final String REQUEST_ID = "x-amzn-RequestId";
    static final String CRC32_HEADER = "x-amz-crc32";

    private final RequestIds requestIds;
    private final Clock clock;

    HttpReplies(RequestIds requestIds, Clock clock) {
        this.requestIds = requestIds;
        this.clock = clock;
    }

    String newRequestId() { return requestIds.next(); }

    FullHttpResponse build(Reply reply, String requestId, HttpVersion version, boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(
                version, HttpResponseStatus.valueOf(reply.status()), Unpooled.wrappedBuffer(reply.body()));
        HttpHeaders h = response.headers();
        h.set(REQUEST_ID, requestId);
        h.set(CRC32_HEADER, Long.toString(crc32(reply.body())));
        if (reply.contentType() != null) h.set(HttpHeaderNames.CONTENT_TYPE, reply.contentType());
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
        h.set(HttpHeaderNames.DATE, DateTimeFormatter.RFC_1123_DATE_TIME.format(clock.now().atZone(ZoneOffset.UTC)));
        if (!keepAlive) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (version.equals(HttpVersion.HTTP_1_0)) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return response;
    }

    static long crc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return crc.getValue();
    }
}
