package io.keyline.sdk;

import java.util.Objects;

/**
 * How a shard number is appended to a logical value: {@code PENDING} and shard 7 become
 * {@code PENDING#7} by default. Writers and readers of one key must use the same format, and like
 * the shard count it is baked into every value written: changing it means rewriting the items.
 */
@FunctionalInterface
public interface SuffixFormat {
    /** {@code value#n}, e.g. {@code PENDING#7}. */
    SuffixFormat DEFAULT = (value, shard, shards) -> value + "#" + shard;

    /** The physical value of {@code logicalValue} in {@code shard} (0 to {@code shards - 1}). */
    String apply(String logicalValue, int shard, int shards);

    /**
     * {@code value#07}: the shard padded with zeros to the width of the largest shard number
     * ({@code PENDING#00} to {@code PENDING#15}), as the seeds write it.
     */
    static SuffixFormat zeroPadded() {
        return (value, shard, shards) -> {
            int width = Integer.toString(shards - 1).length();
            return value + "#" + String.format("%0" + width + "d", shard);
        };
    }

    /**
     * A {@link String#format} pattern given the logical value (a string) and the shard number (an
     * int), in that order: {@code "%s-%d"} writes {@code PENDING-7}; {@code "%2$02d_%1$s"} writes
     * {@code 07_PENDING}.
     */
    static SuffixFormat pattern(String pattern) {
        Objects.requireNonNull(pattern, "pattern");
        return (value, shard, shards) -> String.format(pattern, value, shard);
    }
}
