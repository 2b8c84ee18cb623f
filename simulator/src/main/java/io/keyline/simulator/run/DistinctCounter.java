package io.keyline.simulator.run;

/**
 * Counts distinct 64-bit tokens (Murmur3 hashes of partition keys, so already well mixed): exactly
 * up to {@value #EXACT_LIMIT} of them, then as a HyperLogLog of 2^14 registers (standard error
 * about 0.8%), so a table of a hundred million keys costs 16 KB here. Not thread-safe.
 */
final class DistinctCounter {
    static final int EXACT_LIMIT = 1 << 16;
    private static final int REGISTER_BITS = 14;

    /** Open addressing; 0 marks a free slot, so token 0 is remembered apart. */
    private long[] exact = new long[1024];
    private int exactCount;
    private boolean zeroSeen;
    private byte[] registers;

    void add(long token) {
        if (registers != null) {
            addToSketch(token);
            return;
        }
        if (token == 0) {
            zeroSeen = true;
            return;
        }
        int mask = exact.length - 1;
        for (int i = spread(token) & mask; ; i = (i + 1) & mask) {
            if (exact[i] == token) return;
            if (exact[i] == 0) {
                exact[i] = token;
                exactCount++;
                break;
            }
        }
        if (exactCount > EXACT_LIMIT) toSketch();
        else if (exactCount * 2 > exact.length) grow();
    }

    long count() {
        if (registers == null) return exactCount + (zeroSeen ? 1 : 0);
        int m = registers.length;
        double sum = 0;
        int zeros = 0;
        for (byte r : registers) {
            sum += Math.scalb(1.0, -r);
            if (r == 0) zeros++;
        }
        double alpha = 0.7213 / (1 + 1.079 / m);
        double estimate = alpha * m * (double) m / sum;
        if (estimate <= 2.5 * m && zeros > 0) estimate = m * Math.log((double) m / zeros);
        return Math.round(estimate);
    }

    private void grow() {
        long[] old = exact;
        exact = new long[old.length * 2];
        int mask = exact.length - 1;
        for (long t : old) {
            if (t == 0) continue;
            int i = spread(t) & mask;
            while (exact[i] != 0) i = (i + 1) & mask;
            exact[i] = t;
        }
    }

    private void toSketch() {
        registers = new byte[1 << REGISTER_BITS];
        for (long t : exact) if (t != 0) addToSketch(t);
        if (zeroSeen) addToSketch(0);
        exact = null;
    }

    private void addToSketch(long token) {
        long h = mix(token);
        int index = (int) (h >>> (64 - REGISTER_BITS));
        int rank = Long.numberOfLeadingZeros((h << REGISTER_BITS) | (1L << (REGISTER_BITS - 1))) + 1;
        if (rank > registers[index]) registers[index] = (byte) rank;
    }

    private static int spread(long t) { return (int) (mix(t) >>> 32); }

    /** A finalizer (SplitMix64's), so that tokens equal in their top bits still spread. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
