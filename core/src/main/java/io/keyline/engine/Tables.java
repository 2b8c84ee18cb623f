package io.keyline.engine;

import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.TableCapacity;
import io.keyline.engine.backup.BackupServices;
import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.catalog.TableStatistics;
import io.keyline.engine.config.Settings;
import io.keyline.engine.index.Indexes;
import io.keyline.engine.stream.StreamRegistry;
import io.keyline.insights.ContributorInsights;
import io.keyline.engine.metering.CapacityRegistry;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.KeyspaceUsage;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/**
 * The engine's control-plane verbs, what CreateTable, UpdateTable, DeleteTable, DescribeTable,
 * ListTables and the tag operations need: each verb changes the catalog and keeps the capacity
 * model and the index services in step with it, so that an operation never reaches the
 * catalog, metering or index internals itself. DynamoDB's rules on a change stay with the
 * operation, in the {@code change} or {@code precheck} it passes; they run under the catalog
 * lock on the current metadata and may throw to refuse. Thread-safe (the catalog serializes
 * changes; the capacity registry synchronizes itself).
 *
 * <p>One per namespace view of the engine ({@link Engine#inRegion}): every verb that names a table
 * finds it in that view's {@link #namespace()}, and {@link #arn} shows ARNs in the request's
 * {@link #region()} (docs/RULES.md#NS-REGION).
 */
public final class Tables {
    /** What DeleteTable answers with: the table as DELETING, and its usage just before. */
    public record Deleted(TableMetadata table, KeyspaceUsage before) {}

    private final Catalog catalog;
    private final CapacityRegistry capacity;
    private final Indexes indexes;
    private final Clock clock;
    private final Settings settings;
    private final Namespace namespace;
    private final String region;
    private final ContributorInsights insights;
    private final StreamRegistry streams;
    private final BackupServices backups;

    Tables(Catalog catalog, CapacityRegistry capacity, Indexes indexes, Clock clock, Settings settings, Namespace namespace,
           String region, ContributorInsights insights, StreamRegistry streams, BackupServices backups) {
        this.streams = streams;
        this.backups = backups;
        this.catalog = catalog;
        this.capacity = capacity;
        this.indexes = indexes;
        this.clock = clock;
        this.settings = settings;
        this.insights = insights;
        this.namespace = namespace;
        this.region = region;
    }

    /** The namespace whose tables these verbs see. */
    public Namespace namespace() { return namespace; }

    /** The table's current metadata, or null if there is no such table. */
    public TableMetadata get(String name) { return catalog.get(namespace, name); }

    /** Up to {@code limit} table names after {@code exclusiveStart} (null: from the first), in order. */
    public List<String> names(String exclusiveStart, int limit) { return catalog.names(namespace, exclusiveStart, limit); }

    public boolean hasTablesAfter(String name) { return catalog.hasTablesAfter(namespace, name); }

    /** Creates the table and gives it partitions; null if the name is taken (the caller words the error). */
    public TableMetadata create(NewTable spec) {
        TableMetadata created = catalog.create(namespace, spec);
        if (created != null) {
            capacity.register(created);
            followStream(created);
        }
        return created;
    }

    /**
     * Applies {@code change} to the table under the catalog lock; then the partition maps follow
     * and a GSI the change added (CREATING) starts its backfill. Null if there is no such table.
     */
    public TableMetadata update(String name, UnaryOperator<TableMetadata> change) {
        TableMetadata updated = catalog.update(namespace, name, change);
        if (updated == null) return null;
        capacity.follow(updated);
        insights.follow(updated);
        followStream(updated);
        for (IndexMetadata g : updated.globalIndexes()) {
            if (g.status() == TableStatus.CREATING && updated.status() == TableStatus.ACTIVE) indexes.startBackfill(updated, g);
        }
        return updated;
    }

    /**
     * Deletes the table, its items and index entries once {@code precheck} has passed on its
     * current metadata (after a system backup of its items if it has point-in-time recovery on:
     * docs/RULES.md#BACKUP-SYSTEM), and releases its partitions. Null if there is no such table.
     */
    public Deleted delete(String name, Consumer<TableMetadata> precheck) {
        KeyspaceUsage[] before = new KeyspaceUsage[1];
        TableMetadata deleted = catalog.delete(namespace, name, current -> {
            precheck.accept(current);
            before[0] = usage(current.keyspaceId());
            backups.systemBackupBeforeDelete(current);
        });
        if (deleted == null) return null;
        capacity.unregister(deleted);
        insights.forget(deleted);
        streams.forget(deleted);
        backups.forget(deleted);
        return new Deleted(deleted, before[0]);
    }

    /** A new GSI of the table with ARN {@code tableArn}, in its own fresh keyspace (UpdateTable's Create). */
    public IndexMetadata newGlobalIndex(NewIndex spec, String tableArn, TableStatus status) {
        return catalog.newGlobalIndex(spec, tableArn, status);
    }

    /** Whether a GSI of the table is being backfilled. */
    public boolean backfilling(TableMetadata table) { return indexes.backfilling(table); }

    /** The size figures of the table or index stored in {@code keyspaceId}. */
    public KeyspaceUsage usage(long keyspaceId) {
        TableStatistics s = catalog.statistics(keyspaceId);
        return new KeyspaceUsage(s.sizeBytes(), s.itemCount(), s.backfilling());
    }

    /**
     * What DescribeTable shows of {@code table}'s keyspaces: {@link #usage}, plus for the table and
     * each GSI the warm throughput its partition map has now (docs/RULES.md#CAP-WARM-THROUGHPUT).
     */
    public LongFunction<KeyspaceUsage> usageOf(TableMetadata table) {
        TableCapacity cap = capacity.binding(table).capacity();
        return keyspaceId -> {
            KeyspaceUsage u = usage(keyspaceId);
            PartitionMap map = keyspaceId == table.keyspaceId() ? cap.table() : null;
            for (IndexMetadata g : table.globalIndexes()) if (g.keyspaceId() == keyspaceId) map = cap.index(g.name());
            return map == null ? u : u.withWarmThroughput(map.warmRead(), map.warmWrite());
        };
    }

    /** The table's stream follows its StreamSpecification, its shards the table's partitions (docs/RULES.md#STREAM-ENABLE). */
    private void followStream(TableMetadata table) {
        streams.follow(table, capacity.binding(table).table().partitionStarts());
    }

    /** Now, on the engine's clock. */
    public Instant now() { return clock.now(); }

    /** The region in ARNs: the request's (the default region for a request that names none). */
    public String region() { return region; }

    /**
     * {@code table} as a request of {@link #region()} is shown it: as stored, its ARNs naming its
     * namespace's region; with {@code --shared-db} the namespace is the default region's and the
     * table's and indexes' ARNs name the request's region instead (docs/RULES.md#NS-SHARED-DB).
     */
    public TableMetadata shown(TableMetadata table) {
        return region.equals(namespace.region()) ? table : table.inNamespace(new Namespace(namespace.account(), region));
    }

    /** How long a deleted table, or a GSI deleted by UpdateTable, stays DELETING. */
    public java.time.Duration deleteDelay() { return settings.tableDeleteDelay(); }

    /** The account in ARNs. */
    public String accountId() { return namespace.account(); }

    /** The server's per-table read quota (table plus GSIs), as configured. */
    public long tableQuotaRead() { return (long) settings.capacity().tableQuotaRead(); }

    /** The server's per-table write quota, likewise. */
    public long tableQuotaWrite() { return (long) settings.capacity().tableQuotaWrite(); }

    /** The address DescribeEndpoints advertises, or null for DynamoDB's regional endpoint. */
    public String endpointAddress() { return settings.endpointAddress(); }
}
