package io.keyline.simulator.scenario;

import java.nio.charset.StandardCharsets;

/**
 * The hash that calculated sharding uses: 64-bit FNV-1a over the value's UTF-8 bytes, and shard =
 * hash mod N (unsigned). Written down in docs/SIMULATOR.md so an application (or a reading
 * pattern) can compute the same suffix; it must never change, or stored shards move.
 */
final class StableHash {
    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private StableHash() {}

    static long of(String text) {
        long h = OFFSET;
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (byte b : bytes) {
            h ^= (b & 0xff);
            h *= PRIME;
        }
        return h;
    }

    static int shard(String text, int shards) {
        return (int) Long.remainderUnsigned(of(text), shards);
    }
}
