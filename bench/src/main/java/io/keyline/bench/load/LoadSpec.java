package io.keyline.bench.load;

import java.time.Duration;

/**
 * How a run sends load. Closed loop keeps {@code concurrency} requests in flight; open loop sends
 * {@code rate} requests a second over up to {@code concurrency} connections, queueing when all are
 * busy, and measures each latency from its intended send time. Immutable.
 */
public record LoadSpec(Mode mode, int concurrency, double rate, Duration warmup, Duration duration) {
    public enum Mode { CLOSED, OPEN }

    public LoadSpec {
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1");
        if (mode == Mode.OPEN && !(rate > 0)) throw new IllegalArgumentException("open loop needs a positive rate");
    }

    public static LoadSpec closed(int concurrency, Duration warmup, Duration duration) {
        return new LoadSpec(Mode.CLOSED, concurrency, 0, warmup, duration);
    }

    public static LoadSpec open(double rate, int connections, Duration warmup, Duration duration) {
        return new LoadSpec(Mode.OPEN, connections, rate, warmup, duration);
    }

    /** A short label for tables: "c16" or "r5000/c64". */
    public String label() {
        return mode == Mode.CLOSED ? "c" + concurrency : "r" + Math.round(rate) + "/c" + concurrency;
    }
}
