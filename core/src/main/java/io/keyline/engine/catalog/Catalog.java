package io.keyline.engine.catalog;

import io.keyline.engine.config.Settings;
import io.keyline.error.InternalFailure;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
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
 * The table catalog: name → metadata, persisted in storage keyspace 0 and reloaded when built on
 * existing storage, plus the statistics of every table and index keyspace.
 *
 * <p>Layout of keyspace 0: {@code prefix(0) | 0x01} holds the next keyspace id (8 bytes
 * big-endian); {@code prefix(0) | 0x02 | name} holds a table's {@link CatalogCodec} record.
 * Keyspace ids are handed out from that counter and never reused, so data of a dropped table
 * can never surface in a new one.
 *
 * <p>Concurrency: reads are lock-free (a concurrent sorted map, so ListTables pages in name
 * order). Every change takes the catalog's monitor, writes storage first and then publishes the
 * new record, so changes to the catalog are serialized and durable once visible. Transient
 * statuses are resolved lazily against the clock on read ({@link TableMetadata#resolvedAt}).
 */
public final class Catalog {
    private static final byte COUNTER_TAG = 0x01;
    private static final byte TABLE_TAG = 0x02;

    private final Storage storage;
    private final Clock clock;
    private final Settings settings;
    private final ConcurrentSkipListMap<String, TableMetadata> tables = new ConcurrentSkipListMap<>();
    private final Map<Long, TableStatistics> statistics = new ConcurrentHashMap<>();
    private long nextKeyspaceId;

    public Catalog(Storage storage, Clock clock, Settings settings, ItemSizer sizer) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        load(sizer);
    }

    /** The table's metadata as of now, or null if there is no such table. */
    public TableMetadata get(String name) {
        TableMetadata t = tables.get(name);
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

    /** Table names after {@code exclusiveStart} (null: from the first), in order, at most limit. */
    public List<String> names(String exclusiveStart, int limit) {
        List<String> out = new ArrayList<>();
        var view = exclusiveStart == null ? tables.keySet() : tables.tailMap(exclusiveStart, false).keySet();
        for (String n : view) {
            if (out.size() >= limit) break;
            if (get(n) != null) out.add(n);
        }
        return out;
    }

    /** True when a table sorts after {@code name} (for ListTables' LastEvaluatedTableName). */
    public boolean hasTablesAfter(String name) {
        for (String n : tables.tailMap(name, false).keySet()) if (get(n) != null) return true;
        return false;
    }

    /**
     * Creates a table: allocates its keyspace and one per index, derives TableId and ARNs, and
     * persists it. Returns null if the name is taken (the caller words the error).
     */
    public synchronized TableMetadata create(NewTable spec) {
        if (get(spec.name()) != null) return null;
        Instant now = clock.now();
        long tableKeyspace = nextKeyspaceId++;
        String arn = "arn:aws:dynamodb:" + settings.region() + ":" + settings.accountId() + ":table/" + spec.name();
        boolean creating = !settings.tableCreateDelay().isZero() && !settings.tableCreateDelay().isNegative();
        TableStatus status = creating ? TableStatus.CREATING : TableStatus.ACTIVE;
        List<IndexMetadata> lsis = new ArrayList<>();
        for (NewIndex i : spec.localIndexes()) lsis.add(indexOf(i, arn, null));
        List<IndexMetadata> gsis = new ArrayList<>();
        for (NewIndex i : spec.globalIndexes()) gsis.add(indexOf(i, arn, status));
        TableMetadata t = new TableMetadata(spec.name(), tableId(spec.name(), now, tableKeyspace), arn,
                tableKeyspace, now, status, spec.keySchema(), spec.attributeDefinitions(), spec.billingMode(),
                spec.billingMode() == BillingMode.PAY_PER_REQUEST ? now : null, spec.throughput(), spec.onDemand(),
                lsis, gsis, spec.stream(), spec.sse(), spec.tableClass(), spec.deletionProtection(), spec.tags(),
                creating ? now.plus(settings.tableCreateDelay()) : null, List.of(), spec.warmThroughput());
        WriteBatch batch = new WriteBatch();
        batch.put(counterKey(), Keyspaces.prefix(nextKeyspaceId));
        batch.put(tableKey(t.name()), CatalogCodec.encode(t));
        storage.write(batch);
        statistics.put(t.keyspaceId(), new TableStatistics());
        for (IndexMetadata i : t.indexes()) statistics.put(i.keyspaceId(), new TableStatistics());
        tables.put(t.name(), t);
        return t;
    }

    /** A new GSI of table {@code tableArn} with a freshly allocated keyspace, for UpdateTable. */
    public synchronized IndexMetadata newGlobalIndex(NewIndex spec, String tableArn, TableStatus status) {
        IndexMetadata index = indexOf(spec, tableArn, status);
        storage.write(new WriteBatch().put(counterKey(), Keyspaces.prefix(nextKeyspaceId)));
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
    public synchronized TableMetadata update(String name, UnaryOperator<TableMetadata> change) {
        TableMetadata current = get(name);
        if (current == null) return null;
        TableMetadata updated = change.apply(current);
        WriteBatch batch = new WriteBatch();
        batch.put(tableKey(name), CatalogCodec.encode(updated));
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
        tables.put(name, updated);
        return updated;
    }

    /**
     * Deletes table {@code name}: its items and index entries go at once (one batch with the
     * catalog change); the table stays visible as DELETING for {@code Settings.tableDeleteDelay}.
     * {@code precheck} runs under the lock on the current metadata and may throw to refuse.
     * Returns the metadata with status DELETING, or null if there is no such table.
     */
    public synchronized TableMetadata delete(String name, Consumer<TableMetadata> precheck) {
        TableMetadata current = get(name);
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
        if (lingers) batch.put(tableKey(name), CatalogCodec.encode(deleting));
        else batch.delete(tableKey(name));
        storage.write(batch);
        keyspaces.forEach(statistics::remove);
        if (lingers) tables.put(name, deleting);
        else tables.remove(name);
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

    /** Statistics of the named table, or null if there is no such table. */
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
        if (tables.get(t.name()) != t) return tables.get(t.name());
        storage.write(new WriteBatch().put(tableKey(t.name()), CatalogCodec.encode(settled)));
        tables.put(t.name(), settled);
        return settled;
    }

    private synchronized void expire(TableMetadata t) {
        if (tables.remove(t.name(), t)) storage.write(new WriteBatch().delete(tableKey(t.name())));
    }

    private void load(ItemSizer sizer) {
        byte[] counter = storage.get(counterKey());
        nextKeyspaceId = counter == null ? Keyspaces.CATALOG + 1 : fromBytes(counter);
        byte[] from = Keyspaces.key(Keyspaces.CATALOG, new byte[] {TABLE_TAG});
        byte[] to = Keyspaces.key(Keyspaces.CATALOG, new byte[] {TABLE_TAG + 1});
        try (Cursor c = storage.range(from, to, false)) {
            while (c.next()) {
                TableMetadata t = decodeStored(c.key(), c.value());
                tables.put(t.name(), t);
            }
        }
        for (TableMetadata t : tables.values()) {
            statistics.put(t.keyspaceId(), scan(t.keyspaceId(), sizer));
            for (IndexMetadata i : t.indexes()) if (i.isLive()) statistics.put(i.keyspaceId(), scan(i.keyspaceId(), sizer));
        }
    }

    /** A stored record, or a failure that names the table whose record it is. */
    private static TableMetadata decodeStored(byte[] key, byte[] record) {
        try {
            return CatalogCodec.decode(record);
        } catch (InternalFailure e) {
            String name = new String(key, Keyspaces.PREFIX_LENGTH + 1, key.length - Keyspaces.PREFIX_LENGTH - 1, StandardCharsets.UTF_8);
            throw new InternalFailure("loading the catalog record of table " + name, e.getMessage(), e);
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

    private static byte[] counterKey() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {COUNTER_TAG}); }

    private static byte[] tableKey(String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        byte[] suffix = new byte[n.length + 1];
        suffix[0] = TABLE_TAG;
        System.arraycopy(n, 0, suffix, 1, n.length);
        return Keyspaces.key(Keyspaces.CATALOG, suffix);
    }

    private static long fromBytes(byte[] b) {
        long v = 0;
        for (byte x : b) v = (v << 8) | (x & 0xff);
        return v;
    }
}
