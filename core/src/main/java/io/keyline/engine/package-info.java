/**
 * The engine: the table catalog (metadata of tables and indexes, persisted in keyspace 0),
 * table statistics, settings, and the context ({@link io.keyline.engine.Engine}) that operations
 * run against. The engine never sees a request; it persists its own records (as JSON).
 */
package io.keyline.engine;
