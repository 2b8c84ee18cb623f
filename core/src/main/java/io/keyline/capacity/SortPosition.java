package io.keyline.capacity;

import io.keyline.model.AttributeValue;
import java.nio.charset.StandardCharsets;

/**
 * An order-preserving 64-bit image of a sort key, for splitting one partition key's items by
 * sort key (docs/RULES.md#PART-SPLIT). Equal keys map to equal positions; a < b implies pos(a) <= pos(b). Keys that
 * share their first 8 bytes (or, for numbers, their double value) share a position and are
 * never separated, which keeps "never split one item" true. Stateless.
 */
public final class SortPosition {
    /** The position of every item of a table or index without a sort key. */
    public static final long NONE = 0;

    private SortPosition() {}

    public static long of(AttributeValue sortKey) {
        if (sortKey == null) return NONE;
        if (sortKey instanceof AttributeValue.S s) return ofBytes(s.value().getBytes(StandardCharsets.UTF_8));
        if (sortKey instanceof AttributeValue.B b) return ofBytes(b.value().unsafeArray());
        if (sortKey instanceof AttributeValue.N n) {
            long bits = Double.doubleToLongBits(n.value().doubleValue());
            return bits ^ ((bits >> 63) & Long.MAX_VALUE);
        }
        throw new IllegalArgumentException("sort keys are S, N or B, not " + sortKey.type());
    }

    /** First 8 bytes, unsigned big-endian, shifted into signed order. */
    static long ofBytes(byte[] bytes) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (i < bytes.length ? bytes[i] & 0xFF : 0);
        return v ^ Long.MIN_VALUE;
    }
}
