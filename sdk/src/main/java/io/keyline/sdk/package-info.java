/**
 * Write sharding for applications, on the AWS SDK for Java v2 only (no Keyline classes), so the
 * same code runs against DynamoDB and against Keyline.
 *
 * <p>A hot logical partition key value (a status such as {@code PENDING}, today's date, a global
 * counter) is spread over N physical values, {@code PENDING#0} to {@code PENDING#15}, so that N
 * partitions share its traffic instead of one (docs/SDK.md). {@link io.keyline.sdk.ShardedKey}
 * is that layout: the attribute, N and the {@link io.keyline.sdk.SuffixFormat}.
 * {@link io.keyline.sdk.WriteSharding} rewrites the write requests an application builds
 * (PutItem, UpdateItem, DeleteItem, BatchWriteItem, and GetItem for calculated sharding) with a
 * shard chosen by a {@link io.keyline.sdk.ShardStrategy}: random, or calculated from another
 * attribute by {@link io.keyline.sdk.ShardHash}. {@link io.keyline.sdk.ShardedQuery} reads the
 * logical key back as one Query: a parallel fan-out over the N shards, a k-way merge in sort-key
 * order, Limit across all shards and one resumable {@link io.keyline.sdk.ShardCursor}.
 */
package io.keyline.sdk;
