package io.keyline.metadata;

import io.keyline.model.KeySchema;
import java.time.Instant;

/**
 * One secondary index of a table. A GSI owns its keyspace and its capacity ({@code throughput},
 * {@code onDemand}); an LSI has neither throughput nor status of its own in DynamoDB's
 * descriptions, so those are null for it. Immutable: changes replace the table's metadata.
 *
 * @param keyspaceId storage prefix of the index entries, unique for the life of the store
 * @param warmThroughput a GSI's WarmThroughput as the client asked for it, or null
 * @param statusUntil when a DELETING GSI is gone (then {@link TableMetadata#resolvedAt} drops
 *                    it); for a CREATING GSI added by UpdateTable, the earliest time it may
 *                    become ACTIVE (the create delay); or null
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
        WarmThroughput warmThroughput,
        Instant statusUntil) {

    /** An index without a requested warm throughput. */
    public IndexMetadata(String name, IndexKind kind, KeySchema keySchema, Projection projection, long keyspaceId, String arn,
                         TableStatus status, ProvisionedThroughputState throughput, OnDemandThroughput onDemand) {
        this(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, onDemand, null, null);
    }

    public IndexMetadata(String name, IndexKind kind, KeySchema keySchema, Projection projection, long keyspaceId, String arn,
                         TableStatus status, ProvisionedThroughputState throughput, OnDemandThroughput onDemand,
                         WarmThroughput warmThroughput) {
        this(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, onDemand, warmThroughput, null);
    }

    public boolean isGlobal() { return kind == IndexKind.GLOBAL; }

    public IndexMetadata withStatus(TableStatus s) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, s, throughput, onDemand, warmThroughput, statusUntil);
    }

    public IndexMetadata withThroughput(ProvisionedThroughputState t) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, status, t, onDemand, warmThroughput, statusUntil);
    }

    public IndexMetadata withOnDemand(OnDemandThroughput o) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, o, warmThroughput, statusUntil);
    }

    public IndexMetadata withArn(String a) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, a, status, throughput, onDemand, warmThroughput, statusUntil);
    }

    public IndexMetadata withWarmThroughput(WarmThroughput w) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, status, throughput, onDemand, w, statusUntil);
    }

    /** This GSI as DELETING until {@code until}. */
    /** This GSI as CREATING, and CREATING at least until {@code until} (UpdateTable's Create under a create delay). */
    public IndexMetadata creatingUntil(Instant until) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, TableStatus.CREATING, throughput, onDemand,
                warmThroughput, until);
    }

    /** This GSI as ACTIVE, with no transient status left. */
    public IndexMetadata activated() {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, TableStatus.ACTIVE, throughput, onDemand,
                warmThroughput, null);
    }

    public IndexMetadata deletingUntil(Instant until) {
        return new IndexMetadata(name, kind, keySchema, projection, keyspaceId, arn, TableStatus.DELETING, throughput, onDemand,
                warmThroughput, until);
    }

    /** A GSI that is ACTIVE, or one being created: one being deleted no longer serves or takes writes. */
    public boolean isLive() { return status != TableStatus.DELETING; }
}
