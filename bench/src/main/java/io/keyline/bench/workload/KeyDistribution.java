package io.keyline.bench.workload;

import java.util.SplittableRandom;

/**
 * A seeded key distribution over {@code [0, n)}, materialised as a fixed index sequence so that
 * any number of threads can draw from it without locks and every run sends the same keys.
 * Zipf ranks are scattered over the key space by a seeded permutation, so hot keys are not
 * neighbours (which would flatter range-partitioned stores).
 */
public final class KeyDistribution {
    /** Zipf exponent used by YCSB's "zipfian" request distribution. */
    public static final double ZIPF_EXPONENT = 0.99;
    private static final int SEQUENCE_LENGTH = 1 << 20;

    public enum Kind { UNIFORM, ZIPF;
        public static Kind parse(String s) { return valueOf(s.trim().toUpperCase()); }
        public String cliName() { return name().toLowerCase(); }
    }

    private final int[] sequence;

    private KeyDistribution(int[] sequence) { this.sequence = sequence; }

    public static KeyDistribution of(Kind kind, int n, long seed) {
        if (n <= 0) throw new IllegalArgumentException("n must be positive: " + n);
        SplittableRandom random = new SplittableRandom(seed);
        int[] seq = new int[SEQUENCE_LENGTH];
        if (kind == Kind.UNIFORM) {
            for (int i = 0; i < seq.length; i++) seq[i] = random.nextInt(n);
        } else {
            double[] cdf = zipfCdf(n, ZIPF_EXPONENT);
            int[] permutation = permutation(n, random);
            for (int i = 0; i < seq.length; i++) seq[i] = permutation[rank(cdf, random.nextDouble())];
        }
        return new KeyDistribution(seq);
    }

    /** The key index of draw number {@code draw}; the sequence repeats after 2^20 draws. */
    public int index(long draw) {
        return sequence[(int) (draw & (SEQUENCE_LENGTH - 1))];
    }

    static double[] zipfCdf(int n, double s) {
        double[] cdf = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += 1.0 / Math.pow(k + 1, s);
            cdf[k] = sum;
        }
        for (int k = 0; k < n; k++) cdf[k] /= sum;
        return cdf;
    }

    private static int rank(double[] cdf, double u) {
        int lo = 0, hi = cdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cdf[mid] < u) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    private static int[] permutation(int n, SplittableRandom random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i]; p[i] = p[j]; p[j] = t;
        }
        return p;
    }
}
