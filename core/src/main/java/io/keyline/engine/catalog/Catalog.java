package io.keyline.engine.catalog;

import io.keyline.engine.config.Settings;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.NewIndex;
import io.keyline.metadata.NewTable;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.storage.Coordination;
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
import java.util.function.Supplier;
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
 *
 * <p>Several processes on one storage ({@link Coordination#shared()}, docs/CLUSTER.md "Several
 * Keyline nodes"): every change, still under the monitor, first waits until storage holds the
 * state of the catalog's shared version (a process that moved the version writes its record
 * right after), reloads if another process changed the catalog, plans the change on that state,
 * moves the shared version by compare-and-set and only then writes its batch, which records the
 * new version ({@link CatalogLayout#versionKey}). A lost compare-and-set plans again on the
 * winner's state, so two processes never both take a name, and keyspace ids come from the
 * shared counter ({@link Coordination#takeId}), so they never share one. Other processes see a
 * change when {@link #refresh} runs (the cluster duties poll the version every second) or at
 * once when a request names a table they do not know (one read of the version cell, shared by
 * concurrent misses). One process alone takes none of these
 * paths: no version cell, no reload.
 */
public final class Catalog {
    private final Storage storage;
    private final Clock clock;
    private final Settings settings;
    private final Namespace home;
    private final Map<Namespace, ConcurrentSkipListMap<String, TableMetadata>> namespaces = new ConcurrentHashMap<>();
    private final Map<Long, TableStatistics> statistics = new ConcurrentHashMap<>();
    private final Coordination coordination;
    private long nextKeyspaceId;
    /** Shared storage only: the catalog version whose state the maps hold (guarded by this, read anywhere). */
    private volatile long loadedVersion;
    /**
     * Shared storage only: how many checks for a table this process did not know have started (guarded
     * by missChecks). A count, not a time: a miss needs a check that started after it, whatever the clock says.
     */
    private long missChecksStarted;
    private final Object missChecks = new Object();
    /** A process that moved the shared version is waited for this long to write its record; after that it is taken for dead. */
    static final long WRITER_WAIT_MILLIS = 5_000;
    private static final String KEYSPACE_COUNTER = "keyspace-id";

    public Catalog(Storage storage, Clock clock, Settings settings, ItemSizer sizer) {
        this(storage, clock, settings, sizer, Coordination.SINGLE_PROCESS);
    }

    /** A catalog that several processes share through {@code coordination} (or one alone, with {@link Coordination#SINGLE_PROCESS}). */
    public Catalog(Storage storage, Clock clock, Settings settings, ItemSizer sizer, Coordination coordination) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        this.home = settings.defaultNamespace();
        this.coordination = coordination;
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
        if (t == null && coordination.shared() && refreshOnMiss()) { // a table another node just created
            tables = namespaces.get(ns);
            t = tables == null ? null : tables.get(name);
        }
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
        return change(() -> {
            if (get(ns, spec.name()) != null) return Planned.nothing(null);
            Instant now = clock.now();
            long tableKeyspace = takeKeyspaceId();
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
            return new Planned<>(batch, t, () -> {
                statistics.put(t.keyspaceId(), new TableStatistics());
                for (IndexMetadata i : t.indexes()) statistics.put(i.keyspaceId(), new TableStatistics());
                tables(ns).put(t.name(), t);
            });
        });
    }

    /**
     * A fresh keyspace id, persisted at once, for data kept beside the tables (a backup's copy of
     * a table, point-in-time recovery's log and base): never reused, like every keyspace id.
     */
    public synchronized long allocateKeyspace() {
        long id = takeKeyspaceId();
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
        return new IndexMetadata(i.name(), i.kind(), i.keySchema(), i.projection(), takeKeyspaceId(),
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
        return change(() -> {
            TableMetadata current = get(ns, name);
            if (current == null) return Planned.nothing(null);
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
            return new Planned<>(batch, updated, () -> {
                dropped.forEach(statistics::remove);
                tables(ns).put(name, updated);
            });
        });
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
        return change(() -> {
            TableMetadata current = get(ns, name);
            if (current == null) return Planned.nothing(null);
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
            return new Planned<>(batch, deleting, () -> {
                keyspaces.forEach(statistics::remove);
                if (lingers) tables(ns).put(name, deleting);
                else tables(ns).remove(name);
            });
        });
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
        if (!coordination.shared()) {
            if (tables.get(t.name()) != t) return tables.get(t.name());
            storage.write(new WriteBatch().put(CatalogLayout.tableKey(ns, t.name()), CatalogCodec.encode(settled)));
            tables.put(t.name(), settled);
            return settled;
        }
        return change(() -> {
            // another process may have settled it, or changed the table, meanwhile: then its state stands
            if (tables.get(t.name()) != t) return Planned.nothing(tables.get(t.name()));
            return new Planned<>(new WriteBatch().put(CatalogLayout.tableKey(ns, t.name()), CatalogCodec.encode(settled)), settled,
                    () -> tables.put(t.name(), settled));
        });
    }

    private synchronized void expire(TableMetadata t) {
        Namespace ns = t.namespace();
        if (!coordination.shared()) {
            if (tables(ns).remove(t.name(), t)) storage.write(new WriteBatch().delete(CatalogLayout.tableKey(ns, t.name())));
            return;
        }
        change(() -> {
            if (tables(ns).get(t.name()) != t) return Planned.nothing(null);
            return new Planned<>(new WriteBatch().delete(CatalogLayout.tableKey(ns, t.name())), null, () -> tables(ns).remove(t.name(), t));
        });
    }

    // ---- several processes on one storage ----

    /** A planned catalog change: the batch that persists it (null: nothing to change), its result, and how it is published. */
    private record Planned<T>(WriteBatch batch, T result, Runnable publish) {
        static <T> Planned<T> nothing(T result) { return new Planned<>(null, result, () -> {}); }
    }

    /**
     * Plans a change on the current state and commits it: alone, batch then publish; shared, as
     * the class note says (plan on the shared version's state, compare-and-set, then write).
     */
    private synchronized <T> T change(Supplier<Planned<T>> plan) {
        if (!coordination.shared()) {
            Planned<T> p = plan.get();
            if (p.batch() != null) {
                storage.write(p.batch());
                p.publish().run();
            }
            return p.result();
        }
        while (true) {
            long version = catchUp();
            Planned<T> p = plan.get();
            if (p.batch() == null) return p.result();
            if (!coordination.advanceCatalogVersion(version)) continue; // another process changed it first: plan again on its state
            p.batch().put(CatalogLayout.versionKey(), Keyspaces.prefix(version + 1));
            storage.write(p.batch());
            loadedVersion = version + 1;
            p.publish().run();
            return p.result();
        }
    }

    /**
     * Shared storage: brings the maps to the shared version's state and returns that version.
     * Storage may lag the version by one change whose process is still writing it: wait for it,
     * and after {@link #WRITER_WAIT_MILLIS} take that process for dead (its change is lost).
     */
    private synchronized long catchUp() {
        long version = coordination.catalogVersion();
        if (version == loadedVersion) return version;
        long deadline = clock.nanos() + java.time.Duration.ofMillis(WRITER_WAIT_MILLIS).toNanos();
        while (CatalogLayout.readVersion(storage) < version && clock.nanos() - deadline < 0) {
            try {
                clock.sleep(java.time.Duration.ofMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        reload();
        loadedVersion = version;
        return version;
    }

    /**
     * Shared storage: re-reads the catalog if another process changed it since it was loaded
     * (one read of the version cell when nothing changed). The cluster duties call it every
     * second. True if it reloaded.
     */
    public boolean refresh() {
        if (!coordination.shared()) return false;
        long version = coordination.catalogVersion();
        if (version == loadedVersion) return false;
        synchronized (this) {
            if (coordination.catalogVersion() == loadedVersion) return false;
            long stored = CatalogLayout.readVersion(storage);
            reload();
            // a change still being written is read again at the next refresh
            loadedVersion = Math.min(version, stored);
            return true;
        }
    }

    /**
     * A request named a table this process does not know: another process may have just created
     * it. One read of the version cell, shared by the misses that wait while it runs: a miss
     * takes the view of a check that started after it, never of an older one (a table whose
     * CreateTable returned before the request is found). Always true: look again.
     */
    private boolean refreshOnMiss() {
        long missed;
        synchronized (missChecks) {
            missed = missChecksStarted;
        }
        synchronized (missChecks) {
            if (missChecksStarted > missed) return true; // one started after this miss, and has finished: it held the lock
            missChecksStarted++;
            refresh();
            return true;
        }
    }

    /** Replaces the maps by the stored tables; statistics of keyspaces new to this process start at zero. */
    private synchronized void reload() {
        nextKeyspaceId = Math.max(nextKeyspaceId, CatalogLayout.readCounter(storage, Keyspaces.CATALOG + 1));
        Map<Namespace, Map<String, TableMetadata>> stored = new java.util.HashMap<>();
        java.util.Set<Long> live = new java.util.HashSet<>();
        for (TableMetadata t : CatalogLayout.readTables(storage, home)) {
            stored.computeIfAbsent(t.namespace(), k -> new java.util.HashMap<>()).put(t.name(), t);
            live.add(t.keyspaceId());
            for (IndexMetadata i : t.indexes()) if (i.isLive()) live.add(i.keyspaceId());
        }
        for (Map.Entry<Namespace, ConcurrentSkipListMap<String, TableMetadata>> e : namespaces.entrySet()) {
            Map<String, TableMetadata> now = stored.getOrDefault(e.getKey(), Map.of());
            e.getValue().keySet().removeIf(name -> !now.containsKey(name));
        }
        for (Map.Entry<Namespace, Map<String, TableMetadata>> e : stored.entrySet()) {
            ConcurrentSkipListMap<String, TableMetadata> tables = tables(e.getKey());
            for (TableMetadata t : e.getValue().values()) {
                TableMetadata mine = tables.get(t.name());
                // an unchanged record keeps its instance, so bindings keyed by instance stay valid
                if (mine == null || !java.util.Arrays.equals(CatalogCodec.encode(mine), CatalogCodec.encode(t))) tables.put(t.name(), t);
            }
        }
        statistics.keySet().removeIf(k -> !live.contains(k));
        for (long k : live) statistics.computeIfAbsent(k, x -> new TableStatistics());
    }

    /** The next keyspace id: this process's counter alone, or shared, one no other process was given. */
    private long takeKeyspaceId() {
        long id = coordination.shared() ? coordination.takeId(KEYSPACE_COUNTER, nextKeyspaceId) : nextKeyspaceId;
        nextKeyspaceId = id + 1;
        return id;
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
        // a change whose record is still being written is read again at the first refresh
        if (coordination.shared()) loadedVersion = Math.min(coordination.catalogVersion(), CatalogLayout.readVersion(storage));
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
