package io.keyline.bench.workload;

import java.util.function.IntFunction;

/**
 * The requests of one workload, prepared before the run, and the seeded choice of which one to
 * send for draw number n. Immutable after construction; {@link #pick} is safe from any thread.
 *
 * @param <T> the prepared form: encoded HTTP bytes for the raw client, SDK request objects for the SDK client
 */
public final class RequestSet<T> {
    /** Prepares request {@code index} of a single operation. */
    public interface Builder<T> { T build(Op op, int index); }

    private static final long MIX_SALT = 0x9E3779B97F4A7C15L;

    private final Object[] primary;
    private final Object[] secondary;
    private final KeyDistribution keys;
    private final long seed;

    private RequestSet(Object[] primary, Object[] secondary, KeyDistribution keys, long seed) {
        this.primary = primary;
        this.secondary = secondary;
        this.keys = keys;
        this.seed = seed;
    }

    public static <T> RequestSet<T> build(Op op, DataLayout layout, KeyDistribution.Kind kind, long seed, Builder<T> builder) {
        int n = indexSpace(op, layout);
        KeyDistribution keys = KeyDistribution.of(kind, n, seed);
        if (op == Op.MIXED) {
            return new RequestSet<>(prepare(n, i -> builder.build(Op.GET, i)), prepare(n, i -> builder.build(Op.PUT, i)), keys, seed);
        }
        return new RequestSet<>(prepare(n, i -> builder.build(op, i)), null, keys, seed);
    }

    /** How many distinct requests an operation has: item keys, Query partitions or batches. */
    public static int indexSpace(Op op, DataLayout layout) {
        switch (op) {
            case QUERY: return layout.queryPartitions();
            case BATCH_WRITE: return layout.batches();
            default: return layout.itemKeys();
        }
    }

    private static Object[] prepare(int n, IntFunction<Object> f) {
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) out[i] = f.apply(i);
        return out;
    }

    /** The request to send as draw number {@code draw} (a per-run counter). */
    @SuppressWarnings("unchecked")
    public T pick(long draw) {
        int index = keys.index(draw);
        if (secondary != null && (mix(draw ^ seed) & 1) == 1) return (T) secondary[index];
        return (T) primary[index];
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) + MIX_SALT;
    }
}
