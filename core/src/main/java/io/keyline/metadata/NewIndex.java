package io.keyline.metadata;

import io.keyline.model.KeySchema;

/**
 * A validated index definition, before the catalog gives it a keyspace and an ARN. For an LSI
 * {@code throughput} and {@code onDemand} are null. Immutable.
 */
public record NewIndex(String name, IndexKind kind, KeySchema keySchema, Projection projection,
                       ProvisionedThroughputState throughput, OnDemandThroughput onDemand, WarmThroughput warmThroughput) {

    /** An index without a requested warm throughput. */
    public NewIndex(String name, IndexKind kind, KeySchema keySchema, Projection projection,
                    ProvisionedThroughputState throughput, OnDemandThroughput onDemand) {
        this(name, kind, keySchema, projection, throughput, onDemand, null);
    }
}
