package io.keyline.protocol;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes a request body through while checking that it is well-formed UTF-8 (RFC 3629): no
 * overlong forms (C0 AF is not "/"), no encoded surrogates (ED A0..BF), nothing past U+10FFFF, no
 * stray continuation bytes, no sequence cut off at the end. The JSON parser alone decodes some
 * of these leniently, and two different byte strings decoding to one key would silently make two
 * items one (docs/RULES.md#WIRE-UTF8).
 *
 * <p>One state machine across reads, so a sequence may straddle two buffers; ASCII bytes take one
 * comparison each. Not thread-safe: one stream per request.
 */
final class Utf8Check extends FilterInputStream {
    /** Thrown for a body that is not UTF-8; the JSON layer answers it as a SerializationException. */
    static final class Malformed extends IOException {
        Malformed() {
            super("request body is not well-formed UTF-8", null);
        }
    }

    /** Continuation bytes still expected, and the range the next one must fall in. */
    private int pending;
    private int low = 0x80;
    private int high = 0xBF;

    Utf8Check(InputStream in) {
        super(in);
    }

    /** Checks a whole body at once. */
    static boolean wellFormed(byte[] body) {
        Utf8Check check = new Utf8Check(InputStream.nullInputStream());
        return check.accept(body, 0, body.length) && check.pending == 0;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b < 0) {
            if (pending != 0) throw new Malformed();
        } else if (!accept(b)) {
            throw new Malformed();
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n < 0) {
            if (pending != 0) throw new Malformed();
        } else if (!accept(buffer, offset, n)) {
            throw new Malformed();
        }
        return n;
    }

    /** Skipping would let bytes pass unchecked: read them instead. */
    @Override
    public long skip(long n) throws IOException {
        byte[] scratch = new byte[(int) Math.min(Math.max(n, 0), 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) break;
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private boolean accept(byte[] buffer, int offset, int length) {
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            byte b = buffer[i];
            if (b >= 0 && pending == 0) continue;
            if (!accept(b & 0xFF)) return false;
        }
        return true;
    }

    private boolean accept(int b) {
        if (pending > 0) {
            if (b < low || b > high) return false;
            pending--;
            low = 0x80;
            high = 0xBF;
            return true;
        }
        if (b < 0x80) return true;
        if (b < 0xC2) return false;
        if (b < 0xE0) {
            pending = 1;
        } else if (b < 0xF0) {
            pending = 2;
            if (b == 0xE0) low = 0xA0;
            if (b == 0xED) high = 0x9F;
        } else if (b < 0xF5) {
            pending = 3;
            if (b == 0xF0) low = 0x90;
            if (b == 0xF4) high = 0x8F;
        } else {
            return false;
        }
        return true;
    }
}
