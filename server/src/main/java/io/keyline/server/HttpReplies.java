package io.keyline.server;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.keyline.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.zip.CRC32;

/**
 * Builds the Netty response for a {@link Reply} with the headers every DynamoDB reply carries:
 * x-amzn-RequestId, x-amz-crc32 (CRC32 of the body bytes, computed once; boto3 and the Go SDK
 * verify it), Content-Type, Content-Length, Date, and Connection as keep-alive requires. The
 * body array is wrapped, not copied. Thread-safe.
 *
 * <p>Performance (profiled, docs/BENCHMARKS.md "Profile and fix"): every header name and value set
 * here is a constant or ASCII text this class produces, so the response headers skip Netty's
 * per-header validation; the Date text changes once a second, so it is formatted once a second
 * and shared (an immutable {@link DateText} published through a volatile field).
 */
final class HttpReplies {
    static final String REQUEST_ID = "x-amzn-RequestId";
    static final String CRC32_HEADER = "x-amz-crc32";

    /** Names and values are ours and ASCII (see the class note), so validating them per reply is waste. */
    private static final HttpHeadersFactory TRUSTED_HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRUSTED_TRAILERS = DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private final RequestIds requestIds;
    private final Clock clock;
    private volatile DateText date = new DateText(Long.MIN_VALUE, "");

    /** The Date header's text for one whole second of the clock. */
    private record DateText(long epochSecond, String text) {}

    HttpReplies(RequestIds requestIds, Clock clock) {
        this.requestIds = requestIds;
        this.clock = clock;
    }

    String newRequestId() { return requestIds.next(); }

    FullHttpResponse build(Reply reply, String requestId, HttpVersion version, boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(version, HttpResponseStatus.valueOf(reply.status()),
                Unpooled.wrappedBuffer(reply.body()), TRUSTED_HEADERS, TRUSTED_TRAILERS);
        HttpHeaders h = response.headers();
        h.set(REQUEST_ID, requestId);
        h.set(CRC32_HEADER, Long.toString(crc32(reply.body())));
        if (reply.contentType() != null) h.set(HttpHeaderNames.CONTENT_TYPE, reply.contentType());
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
        h.set(HttpHeaderNames.DATE, dateText());
        if (!keepAlive) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (version.equals(HttpVersion.HTTP_1_0)) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return response;
    }

    private String dateText() {
        Instant now = clock.now();
        DateText current = date;
        if (current.epochSecond() != now.getEpochSecond()) {
            current = new DateText(now.getEpochSecond(), DateTimeFormatter.RFC_1123_DATE_TIME.format(now.atZone(ZoneOffset.UTC)));
            date = current;
        }
        return current.text();
    }

    static long crc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return crc.getValue();
    }
}
