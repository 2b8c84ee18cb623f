/**
 * What the catalog knows about tables and indexes, as immutable records and enums: a table's
 * key schema, attribute types, status, throughput, indexes and projections, and the primary key
 * of one item. The bottom of the engine: it depends only on {@code model} and {@code error}, and
 * every layer above (op, engine, capacity's registry) reads it. Nothing here does I/O.
 */
package io.keyline.metadata;
