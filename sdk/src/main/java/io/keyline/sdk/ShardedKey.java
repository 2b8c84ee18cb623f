package io.keyline.sdk;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The layout of one sharded key: which attribute carries the suffix, over how many shards, in
 * which format. Writers ({@link WriteSharding}) and readers ({@link ShardedQuery}) of the key
 * share one instance. The attribute is a partition key, of the table or of a GSI, of type S.
 *
 * <p>Choose the shard count from the write rate the logical key must take: one partition takes
 * 1,000 write units a second, so 8,000 one-KB writes a second need at least 8 shards, and 16 to
 * 20 leave headroom for an uneven spread. It is permanent: every value written carries it.
 *
 * @param attribute the attribute whose value gets the suffix (e.g. {@code pendingStatus})
 * @param shards the shard count N: suffixes 0 to N-1
 * @param format how the suffix is written
 */
public record ShardedKey(String attribute, int shards, SuffixFormat format) {
    public ShardedKey {
        Objects.requireNonNull(attribute, "attribute");
        Objects.requireNonNull(format, "format");
        if (attribute.isEmpty()) throw new IllegalArgumentException("attribute must not be empty");
        if (shards < 1) throw new IllegalArgumentException("shards must be at least 1, got " + shards);
    }

    /** {@code attribute} over {@code shards} shards, suffixes in the default {@code value#n} format. */
    public static ShardedKey of(String attribute, int shards) {
        return new ShardedKey(attribute, shards, SuffixFormat.DEFAULT);
    }

    public ShardedKey withFormat(SuffixFormat newFormat) {
        return new ShardedKey(attribute, shards, newFormat);
    }

    /** The value written for {@code logicalValue} in {@code shard}. */
    public String physicalValue(String logicalValue, int shard) {
        Objects.requireNonNull(logicalValue, "logicalValue");
        if (shard < 0 || shard >= shards) {
            throw new IllegalArgumentException("shard " + shard + " is not in 0.." + (shards - 1));
        }
        return format.apply(logicalValue, shard, shards);
    }

    /** Every physical value of {@code logicalValue}, shard 0 first: what a reader queries. */
    public List<String> physicalValues(String logicalValue) {
        List<String> values = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) values.add(physicalValue(logicalValue, shard));
        return values;
    }
}
