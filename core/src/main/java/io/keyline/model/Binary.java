package io.keyline.model;

import java.util.Arrays;
import java.util.Base64;

/**
 * Immutable bytes with value equality and DynamoDB's ordering (unsigned, lexicographic).
 * The array is never exposed without a copy, so instances are safe to share.
 */
public final class Binary implements Comparable<Binary> {
    private final byte[] bytes;
    private int hash;

    private Binary(byte[] bytes) { this.bytes = bytes; }

    public static Binary of(byte[] bytes) { return new Binary(bytes.clone()); }

    /** Wraps without copying: the caller promises never to change the array. */
    public static Binary wrap(byte[] bytes) { return new Binary(bytes); }

    public static Binary fromBase64(String base64) { return new Binary(Base64.getDecoder().decode(base64)); }

    public int length() { return bytes.length; }

    public byte byteAt(int i) { return bytes[i]; }

    public byte[] toByteArray() { return bytes.clone(); }

    /** The backing array, for encoders that only read it. Never write to it. */
    public byte[] unsafeArray() { return bytes; }

    public String toBase64() { return Base64.getEncoder().encodeToString(bytes); }

    public boolean startsWith(Binary prefix) {
        return bytes.length >= prefix.bytes.length
                && Arrays.equals(bytes, 0, prefix.bytes.length, prefix.bytes, 0, prefix.bytes.length);
    }

    public boolean contains(Binary part) {
        outer:
        for (int i = 0; i + part.bytes.length <= bytes.length; i++) {
            for (int j = 0; j < part.bytes.length; j++) {
                if (bytes[i + j] != part.bytes[j]) continue outer;
            }
            return true;
        }
        return false;
    }

    @Override public int compareTo(Binary o) { return Arrays.compareUnsigned(bytes, o.bytes); }

    @Override public boolean equals(Object o) { return o instanceof Binary b && Arrays.equals(bytes, b.bytes); }

    @Override public int hashCode() {
        int h = hash;
        if (h == 0) { h = Arrays.hashCode(bytes); hash = h; }
        return h;
    }

    @Override public String toString() { return "Binary(" + toBase64() + ")"; }
}
