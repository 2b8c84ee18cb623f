package io.keyline.engine.catalog;

import io.keyline.engine.config.Settings;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.storage.Keyspaces;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The table catalog: (namespace, name) → metadata, persisted in storage keyspace 0 and reloaded
 * when built on existing storage, plus the statistics of every table and index keyspace. Each
 * {@link Namespace} (account and region) has its own tables (docs/RULES.md#NS-REGION); the
 * methods without a namespace mean the default one ({@link Settings#defaultNamespace()}), where
 * requests that name no region and, with {@code --shared-db}, all requests go.
 *
 * <p>Storage keyspace 0 holds the records and a counter of keyspace ids ({@link CatalogLayout}).
 * Keyspace ids are handed out from that counter and never reused, so data of a dropped table
 * can never surface in a new one, and tables of two
 * namespaces never share a keyspace: item keys, index entries, GSI change records and
 * statistics need no namespace of their own.
 *
 * <p>Concurrency: reads are lock-free (a concurrent sorted map, so ListTables pages in name
 * order). Every change takes the catalog's monitor, writes storage first and then publishes the
 * new record, so changes to the catalog are serialized and durable once visible. Transient
 * statuses are resolved lazily against the clock on read ({@link TableMetadata#resolvedAt}).
 */
public final class Catalog {
    private final Storage storage;
    private final Clock clock;
    private final Settings settings;
    private final Namespace home;
    private final Map<Namespace, ConcurrentSkipListMap<String, TableMetadata>> namespaces = new ConcurrentHashMap<>();
    private final Map<Long, TableStatistics> statistics = new ConcurrentHashMap<>();
    private long nextKeyspaceId;

    public Catalog(Storage storage, Clock clock, Settings settings, ItemSizer sizer) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        this.home = settings.defaultNamespace();
        storage.partitionLayout(new CatalogPartitionLayout(this::records));
        load(sizer);
    }

    /** The default namespace: requests without a region, and every request with --shared-db. */
    public Namespace defaultNamespace() { return home; }

    /** The table's metadata in the default namespace as of now, or null if there is no such table. */
    public TableMetadata get(String name) { return get(home, name); }

    /** The table's metadata in namespace {@code ns} as of now, or null if there is no such table. */
    public TableMetadata get(Namespace ns, String name) {
        ConcurrentSkipListMap<String, TableMetadata> tables = namespaces.get(ns);
        TableMetadata t = tables == null ? null : tables.get(name);
        if (t == null) return null;
        Instant now = clock.now();
        if (t.goneAt(now)) {
            expire(t);
            return null;
        }
        TableMetadata settled = t.withoutIndexesGoneAt(now);
        if (settled != t) settled = settle(t, settled);
        return settled == null ? null : settled.resolvedAt(now);
    }

    /** The current metadata of table {@code t} (same namespace and name), or null if it is gone. */
    public TableMetadata current(TableMetadata t) { return get(t.namespace(), t.name()); }

    /** Table names of the default namespace after {@code exclusiveStart} (null: from the first), in order, at most limit. */
    public List<String> names(String exclusiveStart, int limit) { return names(home, exclusiveStart, limit); }

    /** Table names of namespace {@code ns} after {@code exclusiveStart} (null: from the first), in order, at most limit. */
    public List<String> names(Namespace ns, String exclusiveStart, int limit) {
        List<String> out = new ArrayList<>();
        ConcurrentSkipListMap<String, TableMetadata> tables = namespaces.get(ns);
        if (tables == null) return out;
        var view = exclusiveStart == null ? tables.keySet() : tables.tailMap(exclusiveStart, false).keySet();
        for (String n : view) {
            if (out.size() >= limit) break;
            if (get(ns, n) != null) out.add(n);
        }
        return out;
    }

    /** True when a table of the default namespace sorts after {@code name} (for ListTables' LastEvaluatedTableName). */
    public boolean hasTablesAfter(String name) { return hasTablesAfter(home, name); }

    /** True when a table of namespace {@code ns} sorts after {@code name}. */
    public boolean hasTablesAfter(Namespace ns, String name) {
        ConcurrentSkipListMap<String, TableMetadata> tables = namespaces.get(ns);
        if (tables == null) return false;
        for (String n : tables.tailMap(name, false).keySet()) if (get(ns, n) != null) return true;
        return false;
    }

    /** Every table of every namespace as of now, by namespace and then name (start-up, admin pages). */
    public List<TableMetadata> all() {
        List<TableMetadata> out = new ArrayList<>();
        List<Namespace> order = new ArrayList<>(namespaces.keySet());
        order.sort(null);
        for (Namespace ns : order) {
            for (String n : names(ns, null, Integer.MAX_VALUE)) {
                TableMetadata t = get(ns, n);
                if (t != null) out.add(t);
            }
        }
        return out;
    }

    /** {@link #create(Namespace, NewTable)} in the default namespace. */
    public TableMetadata create(NewTable spec) { return create(home, spec); }

    /**
     * Creates a table in namespace {@code ns}: allocates its keyspace and one per index, derives
     * TableId and ARNs (which name {@code ns}), and persists it. Returns null if the name is taken
     * in {@code ns} (the caller words the error).
     */
    public synchronized TableMetadata create(Namespace ns, NewTable spec) { return create(ns, spec, false); }

    /**
     * {@link #create(Namespace, NewTable)}, or with {@code restoring} a table that stays CREATING
     * with no end set (statusUntil null) until its restore sets one: the mark by which a restore
     * cut short by a crash is found at start-up (engine.backup).
     */
    public synchronized TableMetadata create(Namespace ns, NewTable spec, boolean restoring) {
        if (get(ns, spec.name()) != null) return null;
        Instant now = clock.now();
        long tableKeyspace = nextKeyspaceId++;
        String arn = ns.tableArn(spec.name());
        boolean creating = restoring || !settings.tableCreateDelay().isZero() && !settings.tableCreateDelay().isNegative();
        TableStatus status = creating ? TableStatus.CREATING : TableStatus.ACTIVE;
        List<IndexMetadata> lsis = new ArrayList<>();
        for (NewIndex i : spec.localIndexes()) lsis.add(indexOf(i, arn, null));
        List<IndexMetadata> gsis = new ArrayList<>();
        for (NewIndex i : spec.globalIndexes()) gsis.add(indexOf(i, arn, status));
        TableMetadata t = new TableMetadata(spec.name(), tableId(spec.name(), now, tableKeyspace), arn,
                tableKeyspace, now, status, spec.keySchema(), spec.attributeDefinitions(), spec.billingMode(),
                spec.billingMode() == BillingMode.PAY_PER_REQUEST ? now : null, spec.throughput(), spec.onDemand(),
                lsis, gsis, spec.stream(), spec.sse(), spec.tableClass(), spec.deletionProtection(), spec.tags(),
                creating && !restoring ? now.plus(settings.tableCreateDelay()) : null, List.of(), spec.warmThroughput());
        WriteBatch batch = new WriteBatch();
        batch.put(CatalogLayout.counterKey(), Keyspaces.prefix(nextKeyspaceId));
        batch.put(CatalogLayout.tableKey(ns, t.name()), CatalogCodec.encode(t));
        storage.write(batch);
        statistics.put(t.keyspaceId(), new TableStatistics());
        for (IndexMetadata i : t.indexes()) statistics.put(i.keyspaceId(), new TableStatistics());
        tables(ns).put(t.name(), t);
        return t;
    }

    /**
     * A fresh keyspace id, persisted at once, for data kept beside the tables (a backup's copy of
     * a table, point-in-time recovery's log and base): never reused, like every keyspace id.
     */
    public synchronized long allocateKeyspace() {
        long id = nextKeyspaceId++;
        storage.write(new WriteBatch().put(CatalogLayout.counterKey(), Keyspaces.prefix(nextKeyspaceId)));
        return id;
    }

    /** A table's definition in the catalog's persisted form (a backup keeps its source table's this way). */
    public static byte[] encodeDefinition(TableMetadata t) { return CatalogCodec.encode(t); }

    /** Reads back what {@link #encodeDefinition} wrote. */
    public static TableMetadata decodeDefinition(byte[] bytes) { return CatalogCodec.decode(bytes); }

    /** A new GSI of table {@code tableArn} with a freshly allocated keyspace, for UpdateTable. */
    public synchronized IndexMetadata newGlobalIndex(NewIndex spec, String tableArn, TableStatus status) {
        IndexMetadata index = indexOf(spec, tableArn, status);
        java.time.Duration delay = settings.tableCreateDelay();
        // CREATING for the create delay at least, however fast its backfill (docs/RULES.md#GSI-BACKFILL)
        if (status == TableStatus.CREATING && !delay.isZero() && !delay.isNegative()) index = index.creatingUntil(clock.now().plus(delay));
        storage.write(new WriteBatch().put(CatalogLayout.counterKey(), Keyspaces.prefix(nextKeyspaceId)));
        statistics.put(index.keyspaceId(), new TableStatistics());
        return index;
    }

    private IndexMetadata indexOf(NewIndex i, String tableArn, TableStatus status) {
        return new IndexMetadata(i.name(), i.kind(), i.keySchema(), i.projection(), nextKeyspaceId++,
                tableArn + "/index/" + i.name(), status, i.throughput(), i.onDemand(), i.warmThroughput());
    }

    /**
     * Applies {@code change} to the current metadata of table {@code name} and persists the
     * result; index keyspaces that the change dropped or marked DELETING are cleared in the same batch. The change
     * runs under the catalog lock and may throw to reject the update. Returns null if there is
     * no such table.
     */
    public TableMetadata update(String name, UnaryOperator<TableMetadata> change) { return update(home, name, change); }

    /** {@link #update(String, UnaryOperator)} of a table of namespace {@code ns}. */
    public synchronized TableMetadata update(Namespace ns, String name, UnaryOperator<TableMetadata> change) {
        TableMetadata current = get(ns, name);
        if (current == null) return null;
        TableMetadata updated = change.apply(current);
        WriteBatch batch = new WriteBatch();
        batch.put(CatalogLayout.tableKey(ns, name), CatalogCodec.encode(updated));
        List<Long> dropped = new ArrayList<>();
        for (IndexMetadata old : current.indexes()) {
            // a GSI that is gone, or that this change marks DELETING: its entries go now
            if (updated.indexes().stream().noneMatch(i -> i.keyspaceId() == old.keyspaceId() && i.isLive()) && old.isLive()) {
                batch.deleteRange(Keyspaces.prefix(old.keyspaceId()), Keyspaces.end(old.keyspaceId()));
                dropped.add(old.keyspaceId());
            }
        }
        storage.write(batch);
        dropped.forEach(statistics::remove);
        tables(ns).put(name, updated);
        return updated;
    }

    /**
     * Deletes table {@code name}: its items and index entries go at once (one batch with the
     * catalog change); the table stays visible as DELETING for {@code Settings.tableDeleteDelay}.
     * {@code precheck} runs under the lock on the current metadata and may throw to refuse.
     * Returns the metadata with status DELETING, or null if there is no such table.
     */
    public TableMetadata delete(String name, Consumer<TableMetadata> precheck) { return delete(home, name, precheck); }

    /** {@link #delete(String, Consumer)} of a table of namespace {@code ns}. */
    public synchronized TableMetadata delete(Namespace ns, String name, Consumer<TableMetadata> precheck) {
        TableMetadata current = get(ns, name);
        if (current == null) return null;
        precheck.accept(current);
        Instant now = clock.now();
        TableMetadata deleting = current.toBuilder().status(TableStatus.DELETING)
                .statusUntil(now.plus(settings.tableDeleteDelay())).build();
        WriteBatch batch = new WriteBatch();
        List<Long> keyspaces = new ArrayList<>();
        keyspaces.add(current.keyspaceId());
        for (IndexMetadata i : current.indexes()) keyspaces.add(i.keyspaceId());
        for (long ks : keyspaces) batch.deleteRange(Keyspaces.prefix(ks), Keyspaces.end(ks));
        boolean lingers = deleting.statusUntil().isAfter(now);
        if (lingers) batch.put(CatalogLayout.tableKey(ns, name), CatalogCodec.encode(deleting));
        else batch.delete(CatalogLayout.tableKey(ns, name));
        storage.write(batch);
        keyspaces.forEach(statistics::remove);
        if (lingers) tables(ns).put(name, deleting);
        else tables(ns).remove(name);
        return deleting;
    }

    /**
     * Runs {@code action} under the catalog lock, told which table and index keyspaces exist, so
     * that no drop interleaves with it: the GSI propagator writes index entries only this way,
     * and so never writes into the keyspace of an index or table dropped meanwhile.
     */
    public synchronized void withLiveKeyspaces(java.util.function.Consumer<java.util.function.LongPredicate> action) {
        action.accept(statistics::containsKey);
    }

    /**
     * Statistics of the table or index stored in {@code keyspaceId}, for the write path to
     * {@link TableStatistics#record}; a fresh, unattached instance if the keyspace is gone.
     */
    public TableStatistics statistics(long keyspaceId) {
        TableStatistics s = statistics.get(keyspaceId);
        return s != null ? s : new TableStatistics();
    }

    /** Statistics of the named table of the default namespace, or null if there is no such table. */
    public TableStatistics statistics(String tableName) {
        TableMetadata t = get(tableName);
        return t == null ? null : statistics(t.keyspaceId());
    }

    /**
     * Stores {@code settled}, table {@code t} without the GSIs whose DELETING delay has passed
     * (their entries went when they were deleted), unless {@code t} changed meanwhile; returns
     * the current metadata.
     */
    private synchronized TableMetadata settle(TableMetadata t, TableMetadata settled) {
        Namespace ns = t.namespace();
        ConcurrentSkipListMap<String, TableMetadata> tables = tables(ns);
        if (tables.get(t.name()) != t) return tables.get(t.name());
        storage.write(new WriteBatch().put(CatalogLayout.tableKey(ns, t.name()), CatalogCodec.encode(settled)));
        tables.put(t.name(), settled);
        return settled;
    }

    private synchronized void expire(TableMetadata t) {
        Namespace ns = t.namespace();
        if (tables(ns).remove(t.name(), t)) storage.write(new WriteBatch().delete(CatalogLayout.tableKey(ns, t.name())));
    }

    /** Every table record as held, with no status resolved and no storage access (for {@link CatalogPartitionLayout}). */
    private List<TableMetadata> records() {
        List<TableMetadata> out = new ArrayList<>();
        for (Map<String, TableMetadata> tables : namespaces.values()) out.addAll(tables.values());
        return out;
    }

    private ConcurrentSkipListMap<String, TableMetadata> tables(Namespace ns) {
        return namespaces.computeIfAbsent(ns, k -> new ConcurrentSkipListMap<>());
    }

    private void load(ItemSizer sizer) {
        nextKeyspaceId = CatalogLayout.readCounter(storage, Keyspaces.CATALOG + 1);
        for (TableMetadata t : CatalogLayout.readTables(storage, home)) tables(t.namespace()).put(t.name(), t);
        for (Map<String, TableMetadata> tables : namespaces.values()) {
            for (TableMetadata t : tables.values()) {
                statistics.put(t.keyspaceId(), scan(t.keyspaceId(), sizer));
                for (IndexMetadata i : t.indexes()) if (i.isLive()) statistics.put(i.keyspaceId(), scan(i.keyspaceId(), sizer));
            }
        }
    }

    private TableStatistics scan(long keyspaceId, ItemSizer sizer) {
        TableStatistics s = new TableStatistics();
        try (Cursor c = storage.range(Keyspaces.prefix(keyspaceId), Keyspaces.end(keyspaceId), false)) {
            while (c.next()) {
                long size = sizer.sizeOf(keyspaceId, c.key(), c.value());
                if (size >= 0) s.record(1, size);
            }
        }
        return s;
    }

    /** A UUID derived from the name, creation time and keyspace id: unique, and no randomness. */
    private static String tableId(String name, Instant created, long keyspaceId) {
        String seed = name + '|' + created + '|' + keyspaceId;
        return UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
