package io.keyline.engine.api;

import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;

/** One item of a multi-item read or write (transactions, batches). Immutable. */
public record ItemRef(TableMetadata table, PrimaryKey key) {}
