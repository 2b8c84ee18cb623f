package io.keyline.bench.load;

import java.time.Duration;

/**
 * How a run sends load. Closed loop keeps {@code concurrency} requests in flight; open loop sends
 * {@code rate} requests a second over up to {@code concurrency} connections, queueing when all are
 * busy, and measures each latency from its intended send time. {@link Mode#FRACTION_OF_MAX} is a
 * matrix entry, not a runnable spec: open loop at {@code rate} (a fraction) times the target's own
 * closed-loop maximum, resolved per target by {@link #atRate}. Immutable.
 */
public record LoadSpec(Mode mode, int concurrency, double rate, Duration warmup, Duration duration) {
    public enum Mode { CLOSED, OPEN, FRACTION_OF_MAX }

    public LoadSpec {
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1");
        if (mode == Mode.OPEN && !(rate > 0)) throw new IllegalArgumentException("open loop needs a positive rate");
        if (mode == Mode.FRACTION_OF_MAX && !(rate > 0 && rate <= 1)) throw new IllegalArgumentException("fraction must be in (0, 1]");
    }

    public static LoadSpec closed(int concurrency, Duration warmup, Duration duration) {
        return new LoadSpec(Mode.CLOSED, concurrency, 0, warmup, duration);
    }

    public static LoadSpec open(double rate, int connections, Duration warmup, Duration duration) {
        return new LoadSpec(Mode.OPEN, connections, rate, warmup, duration);
    }

    /** Open loop at {@code fraction} of the target's closed-loop maximum, over {@code connections}. */
    public static LoadSpec fractionOfMax(double fraction, int connections, Duration warmup, Duration duration) {
        return new LoadSpec(Mode.FRACTION_OF_MAX, connections, fraction, warmup, duration);
    }

    /** The runnable open-loop spec at an absolute rate, with this spec's connections and times. */
    public LoadSpec atRate(double requestsPerSecond) {
        return open(requestsPerSecond, concurrency, warmup, duration);
    }

    /** A short label for tables: "c16", "r5000/c64" or "0.5×max/c64". */
    public String label() {
        switch (mode) {
            case CLOSED: return "c" + concurrency;
            case OPEN: return "r" + Math.round(rate) + "/c" + concurrency;
            default: return rate + "×max/c" + concurrency;
        }
    }
}
