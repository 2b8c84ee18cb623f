/**
 * Persisted encodings: {@link io.keyline.engine.codec.KeyCodec} lays out stored keys (keyspace,
 * Murmur3 token, order-preserving key components) and {@link io.keyline.engine.codec.ItemCodec}
 * turns items into compact bytes. Both formats are pinned by golden files in core's tests.
 */
package io.keyline.engine.codec;
