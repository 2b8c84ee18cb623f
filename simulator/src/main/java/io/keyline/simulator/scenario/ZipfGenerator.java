package io.keyline.simulator.scenario;

/**
 * Zipf over {@code count} values: value {@code k-1} (rank k) with probability proportional to
 * {@code 1 / k^exponent}. Sampled by rejection-inversion (W. Hörmann and G. Derflinger, "Rejection-
 * inversion to generate variates from monotone discrete distributions", 1996), which needs no
 * table, so a count of 90 million costs the same as 10, and takes about 1.1 uniform draws per
 * value. Immutable; thread-safe.
 */
record ZipfGenerator(long count, double exponent, ValueGenerator.NumberText text,
        double hIntegralX1, double hIntegralCount, double s) implements ValueGenerator {

    static ZipfGenerator of(long count, double exponent, ValueGenerator.NumberText text) {
        double x1 = hIntegral(1.5, exponent) - 1d;
        double n = hIntegral(count + 0.5, exponent);
        double s = 2d - hIntegralInverse(hIntegral(2.5, exponent) - h(2, exponent), exponent);
        return new ZipfGenerator(count, exponent, text, x1, n, s);
    }

    @Override
    public String next(Draw draw) {
        return text.format(rank(draw.random.nextDouble(), draw) - 1);
    }

    /** A rank in 1..count. */
    long rank(double firstUniform, Draw draw) {
        double v = firstUniform;
        while (true) {
            double u = hIntegralCount + v * (hIntegralX1 - hIntegralCount);
            double x = hIntegralInverse(u, exponent);
            long k = (long) (x + 0.5);
            if (k < 1) k = 1;
            else if (k > count) k = count;
            if (k - x <= s || u >= hIntegral(k + 0.5, exponent) - h(k, exponent)) return k;
            v = draw.random.nextDouble();
        }
    }

    private static double h(double x, double exponent) {
        return Math.exp(-exponent * Math.log(x));
    }

    /** The integral of h from 1 to x, shifted: (x^(1-e) - 1) / (1-e), or log(x) when e = 1. */
    private static double hIntegral(double x, double exponent) {
        double logX = Math.log(x);
        return helper2((1d - exponent) * logX) * logX;
    }

    private static double hIntegralInverse(double x, double exponent) {
        double t = x * (1d - exponent);
        if (t < -1d) t = -1d;
        return Math.exp(helper1(t) * x);
    }

    /** log(1+x)/x, stable near 0. */
    private static double helper1(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1d - x * (0.5 - x * (1d / 3d - 0.25 * x));
    }

    /** (exp(x)-1)/x, stable near 0. */
    private static double helper2(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1d + x * 0.5 * (1d + x / 3d * (1d + 0.25 * x));
    }
}
