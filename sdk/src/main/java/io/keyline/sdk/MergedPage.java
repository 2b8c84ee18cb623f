package io.keyline.sdk;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * One page of a {@link ShardedQuery}: the items in sort-key order across all shards, and what
 * reading them cost.
 *
 * @param items the items of this page, at most the query's Limit, exactly Limit unless the
 *     logical key has no more
 * @param scannedCount the sum of the ScannedCount of the shard queries this page sent (items
 *     read before the filter, including those carried to the next page in the cursor)
 * @param shardCount the sum of the Count of those shard queries (items that passed the filter,
 *     returned now or carried)
 * @param consumedCapacity the sum of their ConsumedCapacity, or null if none was asked for
 * @param shardQueries how many shard queries this page sent (0 when the cursor held enough)
 * @param cursor where the next page starts, or null when every shard is read and nothing is
 *     carried. As with one Query, the last page may be empty: a shard that filled its Limit
 *     exactly returns a LastEvaluatedKey even when nothing follows
 */
public record MergedPage(List<Map<String, AttributeValue>> items, int scannedCount, int shardCount,
        ConsumedCapacity consumedCapacity, int shardQueries, ShardCursor cursor) {

    public MergedPage {
        items = List.copyOf(items);
    }

    /** The number of items in this page, as a Query's Count. */
    public int count() { return items.size(); }

    public boolean hasMore() { return cursor != null; }
}
