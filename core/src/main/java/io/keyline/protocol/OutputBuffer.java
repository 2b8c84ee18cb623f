package io.keyline.protocol;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable, unsynchronized byte sink that a thread reuses from one response to the next, so
 * writing a response costs one exact-size copy instead of a fresh buffer, its regrowth copies and
 * a final copy (the profile's largest allocation site, docs/BENCHMARKS.md "Profile and fix").
 *
 * <p>Threading: one instance per thread, taken with {@link #acquire()} and handed back with
 * {@link #release()}; while taken, the thread-local slot is empty, so a nested write (none exists
 * today) gets a fresh buffer instead of corrupting the outer one. Buffers that grew past
 * {@link #RETAINED_CAPACITY} are dropped rather than kept per thread.
 */
final class OutputBuffer extends OutputStream {
    /** Largest buffer a thread keeps between responses; bigger responses are rare (Scan/Query pages up to 1 MB). */
    static final int RETAINED_CAPACITY = 64 * 1024;
    private static final int INITIAL_CAPACITY = 4096;
    private static final ThreadLocal<OutputBuffer> FREE = new ThreadLocal<>();

    private byte[] buf = new byte[INITIAL_CAPACITY];
    private int count;

    static OutputBuffer acquire() {
        OutputBuffer b = FREE.get();
        if (b == null) return new OutputBuffer();
        FREE.set(null);
        return b;
    }

    /** Empties this buffer and makes it the thread's free buffer again (unless it grew too big). */
    void release() {
        count = 0;
        if (buf.length <= RETAINED_CAPACITY) FREE.set(this);
    }

    byte[] toByteArray() { return Arrays.copyOf(buf, count); }

    @Override public void write(int b) {
        ensure(1);
        buf[count++] = (byte) b;
    }

    @Override public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, count, len);
        count += len;
    }

    private void ensure(int more) {
        int needed = count + more;
        if (needed < 0) throw new OutOfMemoryError("response larger than 2 GB");
        if (needed > buf.length) buf = Arrays.copyOf(buf, Math.max(needed, buf.length * 2));
    }
}
