package io.keyline.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

/**
 * Opens a request body as a stream, undoing its Content-Encoding on the fly: identity, gzip
 * (several concatenated members allowed, as DynamoDB takes them) and deflate (zlib-wrapped).
 * Nothing is copied: the stream reads the aggregated buffer in place. A compressed body may
 * expand to at most {@code limit} bytes ({@link BodyTooLargeException} past that), and a broken
 * stream surfaces as {@link BodyDecodingException}, which DynamoDB answers with 500
 * InternalServerError (docs/RULES.md#WIRE-CONTENT-ENCODING). Stateless; each stream is single-threaded.
 */
final class RequestBodies {
    private RequestBodies() {}

    static InputStream open(ByteBuf content, String contentEncoding, long limit) {
        String encoding = contentEncoding == null ? "" : contentEncoding.trim().toLowerCase(Locale.ROOT);
        InputStream raw = new ByteBufInputStream(content);
        try {
            switch (encoding) {
                case "":
                case "identity":
                    return raw;
                case "gzip":
                case "x-gzip":
                    return new Checked(new GZIPInputStream(raw), limit);
                case "deflate":
                    return new Checked(new InflaterInputStream(raw), limit);
                default:
                    throw new BodyDecodingException("Unsupported Content-Encoding: " + contentEncoding, null);
            }
        } catch (IOException e) {
            // GZIPInputStream reads the header at construction: an empty or non-gzip body fails here.
            throw new BodyDecodingException("Malformed " + encoding + " request body", e);
        }
    }

    /** Counts decoded bytes against the limit and turns decoder IOExceptions into BodyDecodingException. */
    private static final class Checked extends FilterInputStream {
        private final long limit;
        private long count;

        Checked(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override public int read() {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override public int read(byte[] b, int off, int len) {
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                throw new BodyDecodingException("Malformed compressed request body", e);
            }
            if (n > 0) {
                count += n;
                if (count > limit) throw new BodyTooLargeException(limit);
            }
            return n;
        }

        /** Skipped bytes are decoded bytes too, so skipping reads (and counts) them. */
        @Override public long skip(long n) {
            byte[] buffer = new byte[(int) Math.min(Math.max(n, 0), 8192)];
            long skipped = 0;
            while (skipped < n) {
                int r = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
                if (r < 0) break;
                skipped += r;
            }
            return skipped;
        }
    }
}
