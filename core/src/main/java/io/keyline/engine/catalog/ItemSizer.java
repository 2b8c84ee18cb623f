package io.keyline.engine.catalog;

import io.keyline.engine.Engine;

/**
 * Tells the catalog, when it rebuilds statistics at start-up by scanning a keyspace, what one
 * stored entry amounts to: the item size by DynamoDB's rules ({@code ItemSize.of}), or -1 when
 * the entry is not an item (such as a change record). The default counts every entry with its
 * stored value length ({@link #STORED_LENGTH}), an approximation; {@code Engine} passes the exact one.
 * Implementations must be stateless and thread-safe.
 */
@FunctionalInterface
public interface ItemSizer {
    ItemSizer STORED_LENGTH = (keyspaceId, key, value) -> value == null ? -1 : value.length;

    long sizeOf(long keyspaceId, byte[] key, byte[] value);
}
