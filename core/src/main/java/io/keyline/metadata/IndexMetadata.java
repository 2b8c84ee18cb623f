package io.keyline.metadata;

import io.keyline.model.KeySchema;

/**
 * One secondary index of a table. A GSI owns its keyspace and its capacity ({@code throughput},
 * {@code onDemand}); an LSI has neither throughput nor status of its own in DynamoDB's
 * descriptions, so those are null for it. Immutable: changes replace the table's metadata.
 *
 * @param keyspaceId storage prefix of the index entries, unique for the life of the store
 * @param warmThroughput a GSI's WarmThroughput as the client asked for it, or null
 */
public record IndexMetadata(
        String name,
        IndexKind kind,
        KeySchema keySchema,
        Projection projection,
        long keyspaceId,
        String arn,
        TableStatus status,
        ProvisionedThroughputState throughput,
        OnDemandThroughput onDemand,
        WarmThroughput warmThroughput) {

    /** An index without a requested warm throughput. */
    public IndexMetadata(String name, IndexKind kind, KeySchema keySchema, Projection projection, long keyspaceId, String arn,
                         TableStatus status, ProvisionedThroughputState throughput, OnDemandThroughput onDemand) {
        this(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, onDemand, null);
    }

    public boolean isGlobal() { return kind == IndexKind.GLOBAL; }

    public IndexMetadata withStatus(TableStatus s) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, s, throughput, onDemand, warmThroughput);
    }

    public IndexMetadata withThroughput(ProvisionedThroughputState t) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, status, t, onDemand, warmThroughput);
    }

    public IndexMetadata withOnDemand(OnDemandThroughput o) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, o, warmThroughput);
    }

    public IndexMetadata withWarmThroughput(WarmThroughput w) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, onDemand, w);
    }
}
