package io.keyline.engine.api;

/**
 * A storage key range: {@code start <= key < end}; a null end means "to the end of the store"
 * (as {@link io.keyline.storage.ReadView#range} takes it). The arrays are not copied: treat them
 * as read-only.
 */
public record KeyRange(byte[] start, byte[] end) {}
