package io.keyline.simulator.scenario;

import java.util.List;

/**
 * Requests per second as a function of simulated time (nanoseconds since the start). Curves
 * compose by {@link Sum}. Immutable; thread-safe.
 */
interface RateCurve {
    double at(long nanos);

    /** Times where the curve changes slope or jumps, so a maximum is found exactly there. */
    default void breakpoints(List<Long> into) {}

    /** The highest rate over [0, duration]: every breakpoint and a 100 ms grid (the daily curve is exact at its peak). */
    static double peak(RateCurve curve, long durationNanos) {
        List<Long> points = new java.util.ArrayList<>();
        curve.breakpoints(points);
        double max = 0;
        for (long p : points) {
            if (p >= 0 && p <= durationNanos) {
                max = Math.max(max, curve.at(p));
                if (p > 0) max = Math.max(max, curve.at(p - 1));
            }
        }
        long step = 100_000_000L;
        for (long t = 0; t <= durationNanos; t += step) max = Math.max(max, curve.at(t));
        return Math.max(max, curve.at(durationNanos));
    }

    record Constant(double rate) implements RateCurve {
        @Override public double at(long nanos) { return rate; }
    }

    /** Linear from {@code from} to {@code to} between start and start + over; flat outside. */
    record Ramp(double from, double to, long startNanos, long overNanos) implements RateCurve {
        @Override public double at(long nanos) {
            if (nanos <= startNanos) return from;
            if (nanos >= startNanos + overNanos) return to;
            return from + (to - from) * ((double) (nanos - startNanos) / overNanos);
        }

        @Override public void breakpoints(List<Long> into) {
            into.add(startNanos);
            into.add(startNanos + overNanos);
        }
    }

    /**
     * A day on the virtual clock: {@code max} at {@code peakSecondOfDay} (UTC), {@code min} twelve
     * hours away, a cosine between.
     */
    record Daily(double min, double max, long peakSecondOfDay, long startEpochMillis) implements RateCurve {
        private static final long DAY_MILLIS = 86_400_000L;

        @Override public double at(long nanos) {
            long millisOfDay = Math.floorMod(startEpochMillis + nanos / 1_000_000L, DAY_MILLIS);
            double phase = 2 * Math.PI * (millisOfDay - peakSecondOfDay * 1000.0) / DAY_MILLIS;
            return min + (max - min) * (1 + Math.cos(phase)) / 2;
        }

        @Override public void breakpoints(List<Long> into) {
            long startOfDay = Math.floorMod(startEpochMillis, DAY_MILLIS);
            long untilPeakMillis = Math.floorMod(peakSecondOfDay * 1000 - startOfDay, DAY_MILLIS);
            for (long d = 0; d < 400; d++) into.add((untilPeakMillis + d * DAY_MILLIS) * 1_000_000L);
        }
    }

    /** Extra rate during windows [at, at + length). */
    record Spikes(List<Spike> spikes) implements RateCurve {
        record Spike(long atNanos, long lengthNanos, double rate) {}

        @Override public double at(long nanos) {
            double r = 0;
            for (Spike s : spikes) if (nanos >= s.atNanos && nanos < s.atNanos + s.lengthNanos) r += s.rate;
            return r;
        }

        @Override public void breakpoints(List<Long> into) {
            for (Spike s : spikes) {
                into.add(s.atNanos);
                into.add(s.atNanos + s.lengthNanos);
            }
        }
    }

    record Sum(List<RateCurve> parts) implements RateCurve {
        @Override public double at(long nanos) {
            double r = 0;
            for (RateCurve c : parts) r += c.at(nanos);
            return r;
        }

        @Override public void breakpoints(List<Long> into) {
            for (RateCurve c : parts) c.breakpoints(into);
        }
    }
}
