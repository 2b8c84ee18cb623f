package io.keyline.model;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Item and value sizes by DynamoDB's rules (docs/RULES.md#SIZE-ITEM and the SIZE- entries after it): the basis of the 400 KB
 * item limit and of every capacity unit. Stateless.
 */
public final class ItemSize {
    /** docs/RULES.md#LIMIT-ITEM: 400 KB including attribute names. */
    public static final int MAX_ITEM_BYTES = 400 * 1024;
    /** docs/RULES.md#SIZE-CONTAINER: list and map values carry 3 bytes of overhead. */
    static final int CONTAINER_OVERHEAD = 3;
    /** docs/RULES.md#SIZE-CONTAINER: each list or map element adds 1 byte. */
    static final int ELEMENT_OVERHEAD = 1;

    private ItemSize() {}

    /** Σ over attributes of UTF-8 name length + value size. Null item → 0. */
    public static long of(Map<String, AttributeValue> item) {
        if (item == null) return 0;
        long total = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            total += utf8Length(e.getKey()) + of(e.getValue());
        }
        return total;
    }

    public static long of(AttributeValue v) {
        if (v instanceof AttributeValue.S s) return utf8Length(s.value());
        if (v instanceof AttributeValue.N n) return normalizedNumberSize(n.value()); // N holds its value normalized
        if (v instanceof AttributeValue.B b) return b.value().length();
        if (v instanceof AttributeValue.Bool || v instanceof AttributeValue.Null) return 1;
        if (v instanceof AttributeValue.L l) {
            long total = CONTAINER_OVERHEAD;
            for (AttributeValue e : l.values()) total += ELEMENT_OVERHEAD + of(e);
            return total;
        }
        if (v instanceof AttributeValue.M m) {
            long total = CONTAINER_OVERHEAD;
            for (Map.Entry<String, AttributeValue> e : m.values().entrySet()) {
                total += ELEMENT_OVERHEAD + utf8Length(e.getKey()) + of(e.getValue());
            }
            return total;
        }
        if (v instanceof AttributeValue.SS ss) {
            long total = 0;
            for (String s : ss.values()) total += utf8Length(s);
            return total;
        }
        if (v instanceof AttributeValue.NS ns) {
            long total = 0;
            for (BigDecimal d : ns.values()) total += numberSize(d);
            return total;
        }
        AttributeValue.BS bs = (AttributeValue.BS) v;
        long total = 0;
        for (Binary b : bs.values()) total += b.length();
        return total;
    }

    /**
     * dynalite's exact model (docs/RULES.md#SIZE-NUMBER): 1 + ⌈d/2⌉, plus 1 if d and the
     * leading exponent are both even, plus 1 if negative; zero is 1 byte.
     */
    public static int numberSize(BigDecimal value) {
        return value.signum() == 0 ? 1 : normalizedNumberSize(value.stripTrailingZeros());
    }

    /** {@link #numberSize} of a value already without trailing zeros (stripping allocates a copy). */
    private static int normalizedNumberSize(BigDecimal n) {
        if (n.signum() == 0) return 1;
        int digits = n.precision();
        int exponent = n.precision() - n.scale() - 1;
        int size = 1 + (digits + 1) / 2;
        if (digits % 2 == 0 && Math.floorMod(exponent, 2) == 0) size++;
        if (n.signum() < 0) size++;
        return size;
    }

    public static int utf8Length(String s) {
        int len = s.length();
        // Most attribute names and values are ASCII: a branch-light scan counts that prefix (a hot spot in the profile).
        int ascii = 0;
        while (ascii < len && s.charAt(ascii) < 0x80) ascii++;
        int bytes = ascii;
        for (int i = ascii; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) bytes++;
            else if (c < 0x800) bytes += 2;
            else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) { bytes += 4; i++; }
            else bytes += 3;
        }
        return bytes;
    }

}
