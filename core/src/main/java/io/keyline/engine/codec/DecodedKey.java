package io.keyline.engine.codec;

import io.keyline.model.AttributeValue;

/** A table item key taken apart by {@link KeyCodec#decode}; {@code sortKey} is null without one. */
public record DecodedKey(long keyspaceId, long token, AttributeValue partitionKey, AttributeValue sortKey) {}
