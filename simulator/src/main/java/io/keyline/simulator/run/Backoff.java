package io.keyline.simulator.run;

import java.util.SplittableRandom;

/**
 * The simulated client's retry delays: exponential backoff with full jitter, as the AWS SDKs
 * apply it to throttled requests: retry n (1-based) waits a uniformly random time in
 * [0, min(maxDelay, baseDelay × 2^(n-1))]. Drawn from one generator seeded from the scenario's
 * seed, in the order retries happen, so a run is reproducible. Not thread-safe.
 */
final class Backoff {
    private final long baseNanos;
    private final long maxNanos;
    private final SplittableRandom random;

    Backoff(Workload.ClientModel client, long seed) {
        this.baseNanos = Math.max(0, client.baseDelay().toNanos());
        this.maxNanos = Math.max(0, client.maxDelay().toNanos());
        this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    }

    /** The delay before retry {@code retry} (1 for the first retry). */
    long delayNanos(int retry) {
        long ceiling = baseNanos;
        for (int i = 1; i < retry && ceiling < maxNanos; i++) ceiling *= 2;
        ceiling = Math.min(ceiling, maxNanos);
        return ceiling <= 0 ? 0 : random.nextLong(ceiling + 1);
    }
}
