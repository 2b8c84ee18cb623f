package io.keyline.capacity;

import io.keyline.model.AttributeValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test helpers: items, and tokens from a fixed 64-bit hash (the engine's Murmur3 is not needed here). */
final class Items {
    private Items() {}

    static AttributeValue s(String v) { return new AttributeValue.S(v); }

    static AttributeValue n(String v) { return new AttributeValue.N(new BigDecimal(v)); }

    /** An item from name/value pairs, in order. */
    static Map<String, AttributeValue> item(Object... pairs) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            Object v = pairs[i + 1];
            m.put((String) pairs[i], v instanceof AttributeValue a ? a : s((String) v));
        }
        return m;
    }

    /** A string of n ASCII bytes. */
    static String bytes(int n) { return "x".repeat(n); }

    /** A well-spread token for a numeric id (SplitMix64). */
    static long mix(long id) {
        long h = id * 0x9e3779b97f4a7c15L;
        h ^= h >>> 30; h *= 0xbf58476d1ce4e5b9L;
        h ^= h >>> 27; h *= 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }

    /** FNV-1a then a SplitMix64 finaliser: well spread, deterministic. */
    static long token(String key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) { h ^= b & 0xFF; h *= 0x100000001b3L; }
        h ^= h >>> 30; h *= 0xbf58476d1ce4e5b9L;
        h ^= h >>> 27; h *= 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
