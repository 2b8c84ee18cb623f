package io.keyline.sdk;

import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How a write picks its shard.
 *
 * <ul>
 *   <li>{@link #random}: a uniform shard from a random source. It spreads writes perfectly, but
 *       nobody can tell afterwards which shard holds an item: a point lookup must query all N
 *       shards, and a delete or update must take the key from an item that was read.
 *   <li>{@link #calculated}: {@link ShardHash} of another attribute of the item (the order id),
 *       so whoever knows that attribute knows the shard and reads one shard, as before sharding.
 *       It spreads writes only as evenly as that attribute's values: one very hot source value
 *       still lands on one shard.
 * </ul>
 *
 * Both read a whole logical key the same way: all N shards, merged ({@link ShardedQuery}).
 */
public sealed interface ShardStrategy {

    /**
     * The shard (0 to {@code shards - 1}) for the item or key given (the item of a PutItem, the
     * key of the other requests).
     */
    int shardFor(Map<String, AttributeValue> itemOrKey, int shards);

    /** Whether the shard of an existing item can be computed from its key (calculated only). */
    boolean addressable();

    /** Random shards from a generator seeded with {@code seed} (reproducible runs and tests). */
    static ShardStrategy random(long seed) {
        return new Random(new SplittableRandom(seed));
    }

    /**
     * Random shards from {@code source}. Calls are serialized on this strategy, so a generator
     * that is not thread-safe (SplittableRandom) may be given.
     */
    static ShardStrategy random(RandomGenerator source) {
        return new Random(source);
    }

    /** The shard is {@link ShardHash} of {@code sourceAttribute} (e.g. {@code orderId}). */
    static ShardStrategy calculated(String sourceAttribute) {
        return new Calculated(sourceAttribute);
    }

    /** Uniform random shards; thread-safe (one lock around the generator). */
    final class Random implements ShardStrategy {
        private final RandomGenerator source;

        private Random(RandomGenerator source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        @Override public synchronized int shardFor(Map<String, AttributeValue> itemOrKey, int shards) {
            return source.nextInt(shards);
        }

        @Override public boolean addressable() { return false; }

        @Override public String toString() { return "random"; }
    }

    /** The stable hash of one attribute; stateless. */
    record Calculated(String sourceAttribute) implements ShardStrategy {
        public Calculated {
            Objects.requireNonNull(sourceAttribute, "sourceAttribute");
        }

        @Override public int shardFor(Map<String, AttributeValue> itemOrKey, int shards) {
            AttributeValue source = itemOrKey.get(sourceAttribute);
            if (source == null) {
                throw new IllegalArgumentException("calculated sharding needs attribute '" + sourceAttribute
                        + "' in the item or key, to hash it; it has " + itemOrKey.keySet());
            }
            return ShardHash.shardOf(source, shards);
        }

        @Override public boolean addressable() { return true; }
    }
}
