/**
 * The table catalog: the metadata of every table and index, persisted in keyspace 0 in its own
 * format ({@link io.keyline.engine.catalog.CatalogCodec}, read back through
 * {@link io.keyline.engine.catalog.CatalogRecord}; JSON written with jackson-core, independent of
 * the wire protocol's), and each keyspace's statistics (item
 * count and bytes), rebuilt at start-up and kept exact on every write.
 */
package io.keyline.engine.catalog;
