package io.keyline.simulator.scenario;

/**
 * Makes one attribute value as text (a number's digits for N, base64 for B, "true"/"false" for
 * BOOL). Implementations are immutable (a cache of immutable values at most) and so shareable
 * between passes and threads; all randomness comes from {@link Draw#random}.
 */
interface ValueGenerator {
    String next(Draw draw);

    /** The value {@code n} as text: prefix, then the number, zero-padded to {@code pad} digits (0 = none). */
    record NumberText(String prefix, int pad) {
        static final NumberText PLAIN = new NumberText("", 0);

        String format(long n) {
            String digits = Long.toString(n);
            if (digits.length() >= pad) return prefix.isEmpty() ? digits : prefix.concat(digits);
            StringBuilder b = new StringBuilder(prefix.length() + pad).append(prefix);
            for (int i = digits.length(); i < pad; i++) b.append('0');
            return b.append(digits).toString();
        }
    }

    /** Always the same value. */
    record Constant(String value) implements ValueGenerator {
        @Override public String next(Draw draw) { return value; }
    }

    /** One of {@code count} values, each equally likely. */
    record Uniform(long count, NumberText text) implements ValueGenerator {
        @Override public String next(Draw draw) { return text.format(draw.random.nextLong(count)); }
    }

    /** start + step × the item's ordinal. */
    record Sequence(long start, long step, NumberText text) implements ValueGenerator {
        @Override public String next(Draw draw) { return text.format(start + step * draw.ordinal); }
    }

    /**
     * A fraction {@code fraction} of draws to the first {@code keys} values (uniformly among them),
     * the rest uniformly over the other {@code count - keys} values.
     */
    record HotKeys(long count, long keys, double fraction, NumberText text) implements ValueGenerator {
        @Override public String next(Draw draw) {
            boolean hot = keys >= count || draw.random.nextDouble() < fraction;
            long n = hot ? draw.random.nextLong(Math.min(keys, count)) : keys + draw.random.nextLong(count - keys);
            return text.format(n);
        }
    }
}
