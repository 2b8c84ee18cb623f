package io.keyline.simulator.scenario;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What a generator may read while one item or request is made: the item's own random stream,
 * the virtual time, the request's ordinal, and the values already made for the same item (so a
 * calculated shard or a {@code when} can depend on an earlier attribute).
 *
 * <p>Each item's randomness is a pure function of (stream seed, ordinal): item {@code i} of a
 * preload or of a put pattern is the same whenever it is made, which lets a reader regenerate
 * the keys a writer wrote and lets a thinned pass keep the key distribution. One instance per
 * pass and stream, reused for every item; not thread-safe.
 */
final class Draw {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    final long streamSeed;
    final long startEpochMillis;
    SplittableRandom random;
    long atNanos;
    long ordinal;
    final Map<String, String> made = new HashMap<>();

    Draw(long streamSeed, long startEpochMillis) {
        this.streamSeed = streamSeed;
        this.startEpochMillis = startEpochMillis;
    }

    /** Starts item {@code ordinal} at simulated time {@code atNanos}. */
    Draw begin(long ordinal, long atNanos) {
        this.ordinal = ordinal;
        this.atNanos = atNanos;
        this.random = new SplittableRandom(mix(streamSeed + ordinal * GOLDEN));
        made.clear();
        return this;
    }

    /** The virtual clock's epoch milliseconds now. */
    long epochMillis() {
        return startEpochMillis + atNanos / 1_000_000L;
    }

    /** A well-mixed 64-bit value (Stafford's variant 13 of MurmurHash3's finalizer, as SplittableRandom uses). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The seed of a named stream (a pattern or a preload) of a scenario: independent of the others' order. */
    static long streamSeed(long scenarioSeed, String streamName) {
        return mix(scenarioSeed ^ mix(StableHash.of(streamName)));
    }
}
