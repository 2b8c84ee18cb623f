package io.keyline.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
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
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.zip.CRC32;

/**
 * Encodes the HTTP response for a {@link Reply} with the headers every DynamoDB reply carries:
 * x-amzn-RequestId, x-amz-crc32 (CRC32 of the body bytes, computed once; boto3 and the Go SDK
 * verify it), Content-Type, Content-Length, Date, and Connection as keep-alive requires.
 * Thread-safe.
 *
 * <p>Two forms. {@link #encode} writes the status line, headers and body straight into one
 * pooled buffer, the form every reply of the request handler takes: no response object, no
 * header map, no per-header strings (measured in docs/BENCHMARKS.md, "The tail at half
 * load, session 4"). The handler writes that buffer past Netty's response encoder. {@link #build} makes
 * a Netty {@link FullHttpResponse} for the aggregator's interim replies (a refused
 * {@code Expect: 100-continue}), which Netty's aggregator must see as response objects. Both
 * give the same headers. The Date text changes once a second, so it is formatted once a second
 * and shared (an immutable {@link DateText} published through a volatile field).
 */
final class HttpReplies {
    static final String REQUEST_ID = "x-amzn-RequestId";
    static final String CRC32_HEADER = "x-amz-crc32";

    /** Names and values are ours and ASCII (see the class note), so validating them per reply is waste. */
    private static final HttpHeadersFactory TRUSTED_HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRUSTED_TRAILERS = DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private static final byte[] OK_1_1 = ascii("HTTP/1.1 200 OK\r\n");
    private static final byte[] REQUEST_ID_LINE = ascii(REQUEST_ID + ": ");
    private static final byte[] CRC32_LINE = ascii("\r\n" + CRC32_HEADER + ": ");
    private static final byte[] CONTENT_TYPE_LINE = ascii("\r\nContent-Type: ");
    private static final byte[] CONTENT_LENGTH_LINE = ascii("\r\nContent-Length: ");
    private static final byte[] DATE_LINE = ascii("\r\nDate: ");
    private static final byte[] CONNECTION_CLOSE = ascii("\r\nConnection: close");
    private static final byte[] CONNECTION_KEEP_ALIVE = ascii("\r\nConnection: keep-alive");
    private static final byte[] END_OF_HEAD = ascii("\r\n\r\n");
    /** Room for the fixed part of a head (status line, names, Date, Connection) beyond its variable values. */
    private static final int HEAD_BYTES = 256;

    private final RequestIds requestIds;
    private final Clock clock;
    private volatile DateText date = new DateText(Long.MIN_VALUE, "", new byte[0]);

    /** The Date header's text (and its bytes) for one whole second of the clock. */
    private record DateText(long epochSecond, String text, byte[] bytes) {}

    HttpReplies(RequestIds requestIds, Clock clock) {
        this.requestIds = requestIds;
        this.clock = clock;
    }

    String newRequestId() { return requestIds.next(); }

    /**
     * The whole response in one buffer from {@code alloc}; with {@code headOnly} (a HEAD request)
     * the headers announce the body but it is not sent.
     */
    ByteBuf encode(ByteBufAllocator alloc, Reply reply, String requestId, HttpVersion version, boolean keepAlive, boolean headOnly) {
        byte[] body = reply.body();
        ByteBuf out = alloc.ioBuffer(HEAD_BYTES + requestId.length() + (headOnly ? 0 : body.length));
        if (reply.status() == 200 && version.equals(HttpVersion.HTTP_1_1)) {
            out.writeBytes(OK_1_1);
        } else {
            out.writeCharSequence(version.text() + " " + HttpResponseStatus.valueOf(reply.status()) + "\r\n", StandardCharsets.US_ASCII);
        }
        out.writeBytes(REQUEST_ID_LINE).writeCharSequence(requestId, StandardCharsets.US_ASCII);
        writeDecimal(out.writeBytes(CRC32_LINE), crc32(body));
        if (reply.contentType() != null) {
            out.writeBytes(CONTENT_TYPE_LINE).writeCharSequence(reply.contentType(), StandardCharsets.US_ASCII);
        }
        writeDecimal(out.writeBytes(CONTENT_LENGTH_LINE), body.length);
        for (java.util.Map.Entry<String, String> h : reply.headers().entrySet()) {
            out.writeCharSequence("\r\n" + h.getKey() + ": " + h.getValue(), StandardCharsets.US_ASCII);
        }
        out.writeBytes(DATE_LINE).writeBytes(dateText().bytes());
        if (!keepAlive) {
            out.writeBytes(CONNECTION_CLOSE);
        } else if (version.equals(HttpVersion.HTTP_1_0)) {
            out.writeBytes(CONNECTION_KEEP_ALIVE);
        }
        out.writeBytes(END_OF_HEAD);
        if (!headOnly) out.writeBytes(body);
        return out;
    }

    /** The same reply as a Netty response object, for Netty's own handlers (see the class note). */
    FullHttpResponse build(Reply reply, String requestId, HttpVersion version, boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(version, HttpResponseStatus.valueOf(reply.status()),
                Unpooled.wrappedBuffer(reply.body()), TRUSTED_HEADERS, TRUSTED_TRAILERS);
        HttpHeaders h = response.headers();
        h.set(REQUEST_ID, requestId);
        h.set(CRC32_HEADER, Long.toString(crc32(reply.body())));
        if (reply.contentType() != null) h.set(HttpHeaderNames.CONTENT_TYPE, reply.contentType());
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
        reply.headers().forEach(h::set);
        h.set(HttpHeaderNames.DATE, dateText().text());
        if (!keepAlive) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (version.equals(HttpVersion.HTTP_1_0)) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return response;
    }

    private DateText dateText() {
        Instant now = clock.now();
        DateText current = date;
        if (current.epochSecond() != now.getEpochSecond()) {
            String text = DateTimeFormatter.RFC_1123_DATE_TIME.format(now.atZone(ZoneOffset.UTC));
            current = new DateText(now.getEpochSecond(), text, ascii(text));
            date = current;
        }
        return current;
    }

    /** A non-negative number in decimal ASCII, without a String in between. */
    static void writeDecimal(ByteBuf out, long value) {
        if (value < 10) {
            out.writeByte('0' + (int) value);
            return;
        }
        int digits = 1;
        for (long v = value / 10; v > 0; v /= 10) digits++;
        int at = out.writerIndex() + digits;
        out.ensureWritable(digits);
        for (long v = value; v > 0; v /= 10) out.setByte(--at, '0' + (int) (v % 10));
        out.writerIndex(out.writerIndex() + digits);
    }

    static long crc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return crc.getValue();
    }

    private static byte[] ascii(String s) { return s.getBytes(StandardCharsets.US_ASCII); }
}
