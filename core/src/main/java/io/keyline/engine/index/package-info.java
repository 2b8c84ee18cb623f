/**
 * Secondary indexes: the one maintenance function ({@link io.keyline.engine.index.IndexEntries#update})
 * that turns an item's old and new images into index entries to delete and to put, the key rules
 * of index keys ({@link io.keyline.engine.index.IndexKeys}), the durable GSI change log and its
 * propagator, LSI item-collection sizes, and the online backfill of a new GSI.
 * {@link io.keyline.engine.index.Indexes} is the facade the engine holds.
 */
package io.keyline.engine.index;
