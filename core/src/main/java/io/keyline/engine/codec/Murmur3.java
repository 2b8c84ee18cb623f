package io.keyline.engine.codec;

/**
 * MurmurHash3 x64 128-bit, seed 0, as Apache Cassandra's {@code Murmur3Partitioner} computes
 * it, so a token here is the token Cassandra (or ScyllaDB) gives the same partition key bytes.
 *
 * <p>Cassandra's variant differs from the reference C code in one place: bytes of the final
 * partial block are sign-extended before they are shifted in, so keys whose last
 * {@code length % 16} bytes include values of 0x80 and above hash differently. Full blocks
 * are read as unsigned little-endian longs, as in the reference. Stateless and thread-safe.
 */
public final class Murmur3 {
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    private Murmur3() {}

    /** Cassandra's token for these bytes: the first 64 bits, with Long.MIN_VALUE (no key's token) mapped to MAX. */
    public static long token(byte[] data, int offset, int length) {
        long h1 = hash(data, offset, length, null);
        return h1 == Long.MIN_VALUE ? Long.MAX_VALUE : h1;
    }

    public static long token(byte[] data) { return token(data, 0, data.length); }

    /** Both 64-bit halves {h1, h2} of the 128-bit hash (Cassandra's variant, seed 0). */
    public static long[] hash128(byte[] data, int offset, int length) {
        long[] both = new long[2];
        hash(data, offset, length, both);
        return both;
    }

    /** The 128-bit hash: returns h1 and, if {@code both} is given, stores {h1, h2} in it (a token needs no array). */
    private static long hash(byte[] data, int offset, int length, long[] both) {
        long h1 = 0;
        long h2 = 0;
        int blocks = length >>> 4;
        for (int i = 0; i < blocks; i++) {
            int at = offset + (i << 4);
            long k1 = littleEndianLong(data, at);
            long k2 = littleEndianLong(data, at + 8);
            h1 ^= mixK1(k1);
            h1 = Long.rotateLeft(h1, 27) + h2;
            h1 = h1 * 5 + 0x52dce729;
            h2 ^= mixK2(k2);
            h2 = Long.rotateLeft(h2, 31) + h1;
            h2 = h2 * 5 + 0x38495ab5;
        }
        int tail = offset + (blocks << 4);
        long k1 = 0;
        long k2 = 0;
        // Deliberate fall-through; (long) data[i] sign-extends, which is Cassandra's variant.
        switch (length & 15) {
            case 15: k2 ^= ((long) data[tail + 14]) << 48;
            case 14: k2 ^= ((long) data[tail + 13]) << 40;
            case 13: k2 ^= ((long) data[tail + 12]) << 32;
            case 12: k2 ^= ((long) data[tail + 11]) << 24;
            case 11: k2 ^= ((long) data[tail + 10]) << 16;
            case 10: k2 ^= ((long) data[tail + 9]) << 8;
            case 9:
                k2 ^= data[tail + 8];
                h2 ^= mixK2(k2);
            case 8: k1 ^= ((long) data[tail + 7]) << 56;
            case 7: k1 ^= ((long) data[tail + 6]) << 48;
            case 6: k1 ^= ((long) data[tail + 5]) << 40;
            case 5: k1 ^= ((long) data[tail + 4]) << 32;
            case 4: k1 ^= ((long) data[tail + 3]) << 24;
            case 3: k1 ^= ((long) data[tail + 2]) << 16;
            case 2: k1 ^= ((long) data[tail + 1]) << 8;
            case 1:
                k1 ^= data[tail];
                h1 ^= mixK1(k1);
            default:
                break;
        }
        h1 ^= length;
        h2 ^= length;
        h1 += h2;
        h2 += h1;
        h1 = finalMix(h1);
        h2 = finalMix(h2);
        h1 += h2;
        h2 += h1;
        if (both != null) {
            both[0] = h1;
            both[1] = h2;
        }
        return h1;
    }

    private static long mixK1(long k1) {
        return Long.rotateLeft(k1 * C1, 31) * C2;
    }

    private static long mixK2(long k2) {
        return Long.rotateLeft(k2 * C2, 33) * C1;
    }

    private static long finalMix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }

    private static long littleEndianLong(byte[] b, int at) {
        return (b[at] & 0xffL)
                | (b[at + 1] & 0xffL) << 8
                | (b[at + 2] & 0xffL) << 16
                | (b[at + 3] & 0xffL) << 24
                | (b[at + 4] & 0xffL) << 32
                | (b[at + 5] & 0xffL) << 40
                | (b[at + 6] & 0xffL) << 48
                | (b[at + 7] & 0xffL) << 56;
    }
}
