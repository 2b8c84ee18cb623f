package io.keyline.engine.codec;

/**
 * Reads what {@link ByteSink} writes, failing with {@link IllegalArgumentException} (never an
 * index error) on truncated or malformed input. One per decoding call; not thread-safe.
 */
final class ByteSource {
    private final byte[] data;
    private final int end;
    private int pos;

    ByteSource(byte[] data) { this(data, 0, data.length); }

    ByteSource(byte[] data, int offset, int end) {
        this.data = data;
        this.pos = offset;
        this.end = end;
    }

    int position() { return pos; }

    byte[] data() { return data; }

    boolean hasMore() { return pos < end; }

    int remaining() { return end - pos; }

    /** The next byte, unsigned. */
    int read() {
        if (pos >= end) throw truncated();
        return data[pos++] & 0xff;
    }

    long readLong() {
        if (end - pos < 8) throw truncated();
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (data[pos++] & 0xff);
        return v;
    }

    long readVarint() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = read();
            v |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) return v;
        }
        throw new IllegalArgumentException("corrupt encoding: varint longer than 64 bits at " + pos);
    }

    /** A varint that must fit a non-negative int and not exceed the bytes left (a length or count). */
    int readLength() {
        long v = readVarint();
        if (v < 0 || v > remaining()) throw new IllegalArgumentException("corrupt encoding: length " + v + " exceeds the " + remaining() + " bytes left");
        return (int) v;
    }

    /** Skips {@code length} bytes, returning the offset they start at. */
    int skip(int length) {
        if (length < 0 || end - pos < length) throw truncated();
        int at = pos;
        pos += length;
        return at;
    }

    byte[] readBytes(int length) {
        int at = skip(length);
        byte[] out = new byte[length];
        System.arraycopy(data, at, out, 0, length);
        return out;
    }

    private IllegalArgumentException truncated() {
        return new IllegalArgumentException("corrupt encoding: truncated at byte " + pos);
    }
}
