/**
 * Items in storage: {@link io.keyline.engine.store.ItemStore} reads items and applies a
 * read-modify-write of one item under its lock ({@link io.keyline.engine.store.ItemLocks}),
 * storing the item and its index entries in one atomic batch.
 */
package io.keyline.engine.store;
