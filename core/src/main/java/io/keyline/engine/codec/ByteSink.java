package io.keyline.engine.codec;

import java.util.Arrays;

/**
 * A growable byte buffer for the encoders: big-endian fixed-width integers, unsigned LEB128
 * varints and raw bytes. One per encoding call; not thread-safe.
 */
final class ByteSink {
    private byte[] buf;
    private int size;

    ByteSink(int capacity) { buf = new byte[Math.max(capacity, 16)]; }

    int size() { return size; }

    int capacity() { return buf.length; }

    /** Forgets everything written, keeping the buffer (a reused sink). */
    void reset() { size = 0; }

    /** Forgets what was written after {@code mark} (a size this sink had). */
    void truncate(int mark) { size = mark; }

    /**
     * Writes {@code s} as one byte per character if it is all ASCII (its UTF-8 bytes) and returns
     * true; otherwise writes nothing and returns false.
     */
    boolean writeAscii(String s) {
        int n = s.length();
        if (size + n > buf.length) grow(n);
        byte[] b = buf;
        int at = size;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) return false;
            b[at + i] = (byte) c;
        }
        size = at + n;
        return true;
    }

    void write(int b) {
        if (size == buf.length) grow(1);
        buf[size++] = (byte) b;
    }

    void write(byte[] bytes) { write(bytes, 0, bytes.length); }

    void write(byte[] bytes, int offset, int length) {
        if (size + length > buf.length) grow(length);
        System.arraycopy(bytes, offset, buf, size, length);
        size += length;
    }

    void writeLong(long v) {
        if (size + 8 > buf.length) grow(8);
        putLong(size, v);
        size += 8;
    }

    /** Overwrites 8 bytes at {@code at}, big-endian. */
    void putLong(int at, long v) {
        for (int i = 7; i >= 0; i--) {
            buf[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    /** Unsigned LEB128: 7 bits a byte, low bits first, high bit set on all but the last. */
    void writeVarint(long v) {
        while ((v & ~0x7fL) != 0) {
            write((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        write((int) v);
    }

    /** The bytes written so far; {@code array()} is the live buffer, valid up to {@link #size()}. */
    byte[] array() { return buf; }

    byte[] toByteArray() { return Arrays.copyOf(buf, size); }

    private void grow(int needed) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + needed));
    }
}
