package io.keyline.server;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Request ids in DynamoDB's shape: 52 characters of {@code [A-Z2-7]}. The last 13 characters
 * encode a per-server counter, so ids never repeat within one server; the first 39 are a
 * mix of the seed and the counter, so ids of different runs (different seeds) look unrelated.
 * Deterministic for a given seed, as all randomness in Keyline is. Thread-safe (one atomic).
 */
final class RequestIds {
    static final int LENGTH = 52;
    private static final byte[] BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".getBytes(StandardCharsets.US_ASCII);
    private static final int COUNTER_CHARS = 13; // ceil(64 / 5)
    private static final int CHARS_PER_MIX = 12; // 60 of a mixed long's 64 bits
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final long seed;
    private final AtomicLong counter = new AtomicLong();

    RequestIds(long seed) { this.seed = seed; }

    String next() {
        long n = counter.getAndIncrement();
        byte[] id = new byte[LENGTH]; // ASCII: the String keeps one byte per character
        int prefix = LENGTH - COUNTER_CHARS;
        long bits = 0;
        int available = 0;
        for (int i = 0, round = 0; i < prefix; i++) {
            if (available == 0) {
                bits = mix(seed + (n * 4 + ++round) * GOLDEN_GAMMA);
                available = CHARS_PER_MIX;
            }
            id[i] = BASE32[(int) (bits & 31)];
            bits >>>= 5;
            available--;
        }
        long c = n ^ mix(seed); // a bijection of the counter: still unique, less regular
        for (int i = LENGTH - 1; i >= prefix; i--) {
            id[i] = BASE32[(int) (c & 31)];
            c >>>= 5;
        }
        return new String(id, StandardCharsets.ISO_8859_1);
    }

    /** SplitMix64's finaliser: a bijective scramble of 64 bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
