package io.keyline.engine;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.capacity.Throttle;
import io.keyline.engine.api.BatchAdmission;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.Mutation;
import io.keyline.engine.api.Page;
import io.keyline.engine.api.PageRequest;
import io.keyline.engine.api.ReadTarget;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.engine.backup.BackupServices;
import io.keyline.engine.backup.Restores;
import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.catalog.ItemSizer;
import io.keyline.engine.cluster.CapacityExchange;
import io.keyline.engine.cluster.ClusterDuties;
import io.keyline.engine.cluster.GsiLogLease;
import io.keyline.engine.cluster.Ownership;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.config.Settings;
import io.keyline.engine.index.IndexKeys;
import io.keyline.engine.index.Indexes;
import io.keyline.engine.metering.CapacityRegistry;
import io.keyline.engine.metering.ItemCapacity;
import io.keyline.engine.metering.MeteredWrite;
import io.keyline.engine.metering.PageCapacity;
import io.keyline.engine.metering.TableBinding;
import io.keyline.engine.metering.TransactionCapacity;
import io.keyline.engine.query.BaseItems;
import io.keyline.engine.query.PageReader;
import io.keyline.engine.query.TargetKeys;
import io.keyline.engine.store.ItemStore;
import io.keyline.engine.stream.StreamCluster;
import io.keyline.engine.stream.StreamReader;
import io.keyline.engine.stream.StreamRegistry;
import io.keyline.engine.stream.StreamSweeper;
import io.keyline.engine.stream.StreamTrimmer;
import io.keyline.engine.stream.StreamWriter;
import io.keyline.engine.transaction.IdempotencyTokens;
import io.keyline.engine.transaction.Transactions;
import io.keyline.engine.ttl.Expirer;
import io.keyline.error.ApiException;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.insights.ContributorInsights;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableMetadata;
import io.keyline.metadata.TableStatus;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.Coordination;
import io.keyline.storage.Storage;
import io.keyline.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The engine context shared by all operations: storage, clock and settings, and the services
 * built on them (catalog, item store, capacity model). One per server. Building an Engine on
 * existing storage reloads its catalog. Thread-safe.
 *
 * <p>The data-plane operations use its verbs: {@link #table} to find a table, metered
 * single-item reads and writes ({@link #read}, {@link #write}), metered pages ({@link #queryPage},
 * {@link #scanPage}) and the key ranges they read ({@link #queryRange}, {@link #scanRange},
 * {@link #storageKey}), and the per-item steps of batches and transactions; {@link #batches()}
 * holds the several-item verbs and {@link #tables()} the control plane. Each verb admits the
 * work on the capacity model before it is done and returns what it consumed; a refusal is
 * DynamoDB's throttling error. Operations exchange only {@code io.keyline.engine.api} records
 * and metadata with it, never the sub-packages' types. The remaining getters serve the server,
 * the benchmarks and tests.
 *
 * <p>Namespaces (docs/RULES.md#NS-REGION): the engine built by a constructor serves the default
 * namespace (the configured account and region). {@link #inRegion} gives the view a request of
 * another region uses: the same services and storage, but {@link #table}, {@link #tables()} and
 * {@link #batches()} find tables in that region's namespace (with {@code --shared-db}, the
 * default one) and show ARNs in that region. Views are cheap, share everything, and closing one
 * closes nothing.
 */
public final class Engine implements AutoCloseable {
    private final Storage storage;
    private final Clock clock;
    private final Settings settings;
    private final Catalog catalog;
    private final ItemStore items;
    private final CapacityRegistry capacity;
    private final ItemCapacity itemCapacity;
    private final Indexes indexes;
    private final Tables tables;
    private final Batches batches;
    private final MeteredWrite meteredWrite;
    private final ContributorInsights insights;
    private final Expirer expirer;
    private final Namespace namespace;
    private final StreamRegistry streamRegistry;
    private final StreamReader streamReader;
    private final Streams streams;
    private final BackupServices backupServices;
    private final Backups backups;
    /** Null for a view: only the engine that built the services closes them. */
    private final Engine root;
    /** Several processes on one storage (docs/CLUSTER.md): what they agree on, and this one's duties (null alone). */
    private final Coordination coordination;
    private final ClusterDuties clusterDuties;
    /** Several processes: ends stream shards whose range moved or whose writer died (null alone). */
    private final StreamSweeper streamSweeper;
    /** Cluster mode: capacity across nodes (GSI back-pressure, table budgets); null alone. */
    private final CapacityExchange capacityExchange;
    /** Cluster mode: this node's side of transactions whose items several nodes own (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS), or null. */
    private final io.keyline.engine.cluster.ItemLoans itemLoans;
    private final io.keyline.engine.cluster.Borrower borrower;

    /**
     * An engine whose start-up statistics decode each stored entry with {@link ItemCodec} and
     * size it by DynamoDB's rules: table and index keyspaces hold ItemCodec-encoded items only.
     */
    public Engine(Storage storage, Clock clock, Settings settings) {
        this(storage, clock, settings, Coordination.SINGLE_PROCESS);
    }

    /** {@link #Engine(Storage, Clock, Settings)} sharing its storage with other processes through {@code coordination}. */
    public Engine(Storage storage, Clock clock, Settings settings, Coordination coordination) {
        this(storage, clock, settings, (keyspaceId, key, value) -> ItemSize.of(ItemCodec.decode(value)), coordination);
    }

    /** With another sizer for start-up statistics (see {@link ItemSizer}). */
    public Engine(Storage storage, Clock clock, Settings settings, ItemSizer sizer) {
        this(storage, clock, settings, sizer, Coordination.SINGLE_PROCESS);
    }

    /**
     * An engine that shares its storage with other Keyline processes through {@code coordination}
     * (cluster mode, docs/CLUSTER.md "Several Keyline nodes"): the catalog follows their changes,
     * and GSI change records go to a log of this process's own, applied under a lease. Closing
     * the engine closes {@code coordination}. With {@link Coordination#SINGLE_PROCESS}, the engine of one process alone.
     */
    public Engine(Storage storage, Clock clock, Settings settings, ItemSizer sizer, Coordination coordination) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        this.coordination = coordination;
        this.catalog = new Catalog(storage, clock, settings, sizer, coordination);
        this.namespace = catalog.defaultNamespace();
        this.root = null;
        this.capacity = new CapacityRegistry(settings.capacity(), clock, namespace, catalog::current);
        this.insights = new ContributorInsights(clock);
        this.itemCapacity = new ItemCapacity(capacity.model(), insights);
        this.items = new ItemStore(storage, this::written);
        GsiLogLease ownLog = coordination.shared() ? GsiLogLease.open(coordination) : null;
        this.indexes = ownLog == null ? new Indexes(storage, catalog, items, clock, settings)
                : new Indexes(storage, catalog, items, clock, settings, ownLog.id(), ownLog::held);
        this.clusterDuties = ownLog == null ? null : new ClusterDuties(coordination, catalog, indexes, ownLog, clock);
        if (clusterDuties != null) { // each write fenced by the term it is decided in (docs/RULES.md#CLUSTER-FENCE)
            Ownership ownership = clusterDuties.ownership();
            items.fenceWith(key -> { // an item borrowed from its owner is fenced by the owner's term too
                io.keyline.storage.Fence borrowed = io.keyline.engine.cluster.Borrower.fenceOf(key);
                return borrowed != null ? borrowed : ownership.fenceOf(PageCapacity.startToken(key));
            });
        }
        this.itemLoans = clusterDuties == null ? null : new io.keyline.engine.cluster.ItemLoans(clusterDuties.ownership(), items.locks(),
                indexes.changeLog(), indexes.propagator(), coordination, indexes::sharedLogsWithRecords, clock, ownLog.id());
        this.borrower = clusterDuties == null ? null
                : new io.keyline.engine.cluster.Borrower(clusterDuties.ownership(), indexes.changeLog(), indexes.propagator(), clock);
        if (itemLoans != null) clusterDuties.afterEachRound(itemLoans::sweep);
        this.capacityExchange = clusterDuties == null ? null : new CapacityExchange(clusterDuties.ownership(), capacity, clock);
        // Several processes: streams shared through the coordination (docs/STREAMS.md, "Several Keyline nodes").
        this.streamRegistry = new StreamRegistry(storage, clock, ownLog == null ? null : new StreamCluster(coordination, ownLog.id()));
        this.streamSweeper = ownLog == null ? null : new StreamSweeper(streamRegistry);
        StreamTrimmer trimmer = new StreamTrimmer(streamRegistry, clock);
        // A stream shows ENABLING and DISABLING as long as a table shows CREATING and DELETING (docs/RULES.md#STREAM-STATUS).
        this.streamReader = new StreamReader(streamRegistry, trimmer, clock, settings.tableCreateDelay(), settings.tableDeleteDelay());
        items.addHook(new StreamWriter(streamRegistry, clock, t -> capacity.binding(t).table(), trimmer::maybeTrim));
        this.streams = new Streams(streamReader, catalog, namespace, settings.region());
        // Backups and point-in-time recovery: removes what a crash left unfinished, and logs changes after the stream writer.
        this.backupServices = new BackupServices(storage, catalog, items, clock, settings, new Restores.Tables() {
            @Override public void created(TableMetadata t) { capacity.register(t); }

            @Override public void deleted(TableMetadata t) { capacity.unregister(t); }
        });
        this.backups = new Backups(backupServices, catalog, namespace);
        TransactionCapacity transactionCapacity = new TransactionCapacity(capacity, itemCapacity);
        // shared by the nodes of a cluster: a retry may reach another node (docs/RULES.md#CLUSTER-TOKENS-SHARED)
        IdempotencyTokens tokens = new IdempotencyTokens(clock, storage, clusterDuties != null);
        this.batches = new Batches(new Transactions(items, tokens, BatchAdmission.ADMIT_ALL,
                transactionCapacity), transactionCapacity, namespace);
        this.tables = new Tables(catalog, capacity, indexes, clock, settings, namespace, settings.region(), insights, streamRegistry,
                backupServices);
        this.meteredWrite = new MeteredWrite(items, capacity, itemCapacity);
        this.expirer = new Expirer(storage, catalog, items, clock, settings.timeToLive().deletionDelay());
        // Tables found on storage get their partitions now, with full burst buckets.
        for (TableMetadata t : catalog.all()) capacity.register(t);
        // ... and their streams what their settings ask for (a stream enabled by an older version gets one now).
        for (TableMetadata t : catalog.all()) streamRegistry.follow(t, capacity.binding(t).table().partitionStarts());
        // Restores a crash cut short load again, now that every table has its partitions (docs/RULES.md#BACKUP-RESTORE-BACKGROUND).
        backupServices.resumeRestores();
        if (clusterDuties != null) clusterDuties.start();
        if (streamSweeper != null) streamSweeper.start();
        // After a reopen in place, what this constructor read at start is read again (docs/RULES.md#STORAGE-RECOVERY-RESTART).
        storage.onReopen(() -> {
            indexes.recoverAfterReopen();
            tokens.reloadAfterReopen();
        });
    }

    /** A view of {@code root} for namespace {@code ns}, showing ARNs in {@code region}. */
    private Engine(Engine root, Namespace ns, String region) {
        this.storage = root.storage;
        this.clock = root.clock;
        this.settings = root.settings;
        this.catalog = root.catalog;
        this.capacity = root.capacity;
        this.itemCapacity = root.itemCapacity;
        this.items = root.items;
        this.indexes = root.indexes;
        this.meteredWrite = root.meteredWrite;
        this.insights = root.insights;
        this.expirer = root.expirer;
        this.namespace = ns;
        this.root = root;
        this.coordination = root.coordination;
        this.clusterDuties = root.clusterDuties;
        this.streamSweeper = root.streamSweeper;
        this.capacityExchange = root.capacityExchange;
        this.itemLoans = root.itemLoans;
        this.borrower = root.borrower;
        this.batches = root.batches.in(ns);
        this.streamRegistry = root.streamRegistry;
        this.streamReader = root.streamReader;
        this.streams = new Streams(streamReader, catalog, ns, region);
        this.backupServices = root.backupServices;
        this.backups = new Backups(backupServices, catalog, ns);
        this.tables = new Tables(catalog, capacity, indexes, clock, settings, ns, region, insights, streamRegistry, backupServices);
    }

    /**
     * The engine as a request signed for {@code region} sees it: that region's tables, or with
     * {@code --shared-db} the default region's, and ARNs in {@code region}. This engine itself
     * for a null region (a request that names none) or the default region.
     */
    public Engine inRegion(String region) {
        Engine base = root == null ? this : root;
        if (region == null || region.equals(settings.region())) return base;
        Namespace ns = settings.sharedDb() ? settings.defaultNamespace() : new Namespace(settings.accountId(), region);
        return new Engine(base, ns, region);
    }

    /**
     * The engine as a request of {@code account} signed for {@code region} sees it: that
     * account's tables in that region (with {@code --shared-db}, in the default region). The
     * server's own account (or null, an unverified request) is {@link #inRegion}'s view
     * (docs/RULES.md#AUTH-ACCOUNTS).
     */
    public Engine inNamespace(String account, String region) {
        Engine base = root == null ? this : root;
        if (account == null || account.equals(settings.accountId())) return base.inRegion(region);
        String shown = region == null ? settings.region() : region;
        return new Engine(base, new Namespace(account, settings.sharedDb() ? settings.region() : shown), shown);
    }

    /** The namespace whose tables this engine (or view) finds. */
    public Namespace namespace() { return namespace; }

    public Storage storage() { return storage; }

    public Settings settings() { return settings; }

    public Catalog catalog() { return catalog; }

    public ItemStore items() { return items; }

    /** The capacity model bound to the catalog's tables. */
    public CapacityRegistry capacity() { return capacity; }

    /** Contributor Insights' counts: the top keys of each table and GSI whose insights are on. */
    public ContributorInsights insights() { return insights; }

    /**
     * Time to Live's background deletions (docs/RULES.md#TTL-EXPIRY): not running until a server
     * calls {@link Expirer#start}; tests run its passes themselves. One for all namespaces.
     */
    public Expirer expirer() { return expirer; }

    /** Prices and admits single-item reads and writes. */
    public ItemCapacity itemCapacity() { return itemCapacity; }

    /** An item read and the capacity it consumed. */
    public record ItemRead(Map<String, AttributeValue> item, ConsumedCapacity consumed) {}

    /** A single-item write: old and new images (either may be null) and the capacity it consumed. */
    public record ItemWrite(Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, ConsumedCapacity consumed) {}

    /** A page read and the capacity it consumed. */
    public record PageRead(Page page, ConsumedCapacity consumed) {}

    /**
     * The table an item operation names: a missing table, or one still being created or
     * already being deleted, is ResourceNotFoundException.
     */
    public TableMetadata table(String name) {
        TableMetadata table = catalog.get(namespace, name);
        if (table == null || table.status() == TableStatus.CREATING || table.status() == TableStatus.DELETING) {
            throw Errors.tableNotFound();
        }
        return table;
    }

    /** Whether a write to this table (named by a request's raw TableName) waits for its GSI changes to be applied. */
    public boolean writesWait(Object tableName) { return indexes.writesWait(namespace, tableName); }

    /**
     * A metered single-item read (GetItem): admitted on the item's partition, then charged on
     * the whole item, whatever a projection later returns (docs/RULES.md#CAP-READ-WHOLE-ITEM).
     */
    public ItemRead read(TableMetadata table, PrimaryKey key, ReadConsistency consistency) {
        decideHere(table, key);
        TableBinding binding = capacity.binding(table);
        itemCapacity.admitRead(binding, key);
        Map<String, AttributeValue> item = items.get(table, key);
        return new ItemRead(item, itemCapacity.chargeRead(binding, key, item, consistency));
    }

    /** A metered single-item write; see {@link MeteredWrite#write}. */
    public ItemWrite write(TableMetadata table, PrimaryKey key, Condition condition, boolean returnOldOnFailure,
                           Map<String, AttributeValue> failurePricedItem, Mutation change) {
        decideHere(table, key);
        MeteredWrite.Result r = fenced(() -> meteredWrite.write(table, key, condition, returnOldOnFailure, failurePricedItem, change));
        return new ItemWrite(r.oldItem(), r.newItem(), r.consumed());
    }

    /**
     * Refuses an item whose index key attributes have another type than declared, are empty or
     * are too long, before anything of its request is written (BatchWriteItem, TransactWriteItems).
     */
    public static void checkIndexKeys(TableMetadata table, Map<String, AttributeValue> item) { IndexKeys.check(table, item); }

    /**
     * One Query page: admitted and charged where the queried partition key lives, on what the
     * page evaluated (docs/RULES.md#CAP-READ-PAGE). {@code fetchBaseItems} replaces LSI entries by their table items.
     * Contributor Insights counts the page under {@code partitionKey}, the queried partition key's
     * values (docs/RULES.md#INSIGHTS-COUNTING).
     */
    public PageRead queryPage(TableMetadata table, List<AttributeValue> partitionKey, PageRequest request,
                              boolean fetchBaseItems, ReadConsistency consistency) {
        TableBinding binding = capacity.binding(table);
        long token = PageCapacity.startToken(request.range().start());
        if (clusterDuties != null) clusterDuties.ownership().check(token);
        Throttle refused = PageCapacity.admit(binding, request.target(), token);
        String counted = request.target().isIndex() && request.target().global() ? request.target().indexName() : null;
        if (refused != null) {
            insights.queryThrottled(table, counted, partitionKey);
            throw ItemCapacity.error(refused);
        }
        Page page = PageReader.read(storage, request);
        if (fetchBaseItems) page = BaseItems.fetch(items, table, page);
        ConsumedCapacity consumed = PageCapacity.charge(binding, request.target(), token, token, page.statistics(), consistency);
        insights.queried(table, counted, partitionKey, consumed.units());
        return new PageRead(page, consumed);
    }

    /**
     * One Scan page: admitted where the page starts, charged on every item evaluated and every
     * partition crossed up to where it stopped (docs/RULES.md#CAP-READ-PARTITION-MINIMUM).
     */
    public PageRead scanPage(TableMetadata table, PageRequest request, boolean fetchBaseItems, ReadConsistency consistency) {
        TableBinding binding = capacity.binding(table);
        long firstToken = PageCapacity.startToken(request.exclusiveStart() != null ? request.exclusiveStart() : request.range().start());
        Throttle refused = PageCapacity.admit(binding, request.target(), firstToken);
        if (refused != null) throw ItemCapacity.error(refused);
        Page page = PageReader.read(storage, request);
        if (fetchBaseItems) page = BaseItems.fetch(items, table, page);
        long lastToken = page.lastEvaluatedKey() != null && page.statistics().lastToken() != null
                ? page.statistics().lastToken() : PageCapacity.endToken(request.range());
        return new PageRead(page, PageCapacity.charge(binding, request.target(), firstToken, lastToken, page.statistics(), consistency));
    }

    /** The key range a Query reads on {@code target}; see {@link TargetKeys#queryRange}. */
    public KeyRange queryRange(ReadTarget target, List<AttributeValue> partitionKey, List<AttributeValue> sortEqualities,
                               SortKeyCondition condition, AttributeValue low, AttributeValue high) {
        return TargetKeys.queryRange(target, partitionKey, sortEqualities, condition, low, high);
    }

    /** The key range of a Scan of {@code target}: all of it, or token slice {@code segment} of {@code totalSegments}. */
    public KeyRange scanRange(ReadTarget target, int segment, int totalSegments) {
        return TargetKeys.scanRange(target, segment, totalSegments);
    }

    /** The stored key of {@code target}'s entry for these key attributes (a page's ExclusiveStartKey). */
    public byte[] storageKey(ReadTarget target, Map<String, AttributeValue> keyAttributes) {
        return TargetKeys.storageKey(target, keyAttributes);
    }

    /**
     * Admits one item read of a batch or transaction, or returns why the capacity model refused
     * it (BatchGetItem returns the key unprocessed, TransactGetItems cancels).
     */
    public Throttle tryAdmitRead(TableMetadata table, PrimaryKey key) {
        return itemCapacity.tryAdmitRead(capacity.binding(table), key);
    }

    /** Charges one admitted item read of a batch or transaction, on the item found (null if absent). */
    public ConsumedCapacity chargeRead(TableMetadata table, PrimaryKey key, Map<String, AttributeValue> item,
                                       ReadConsistency consistency) {
        return itemCapacity.chargeRead(capacity.binding(table), key, item, consistency);
    }

    /**
     * Cluster mode (docs/CLUSTER.md, "Ownership of partitions"): the token ranges this node
     * decides, or null for a process alone on its storage.
     */
    public Ownership ownership() { return clusterDuties == null ? null : clusterDuties.ownership(); }

    /**
     * Cluster mode (docs/CLUSTER.md, "Capacity across nodes"): the exchange of capacity with the
     * other nodes, which the server starts over HTTP; null for a process alone on its storage.
     */
    public CapacityExchange capacityExchange() { return capacityExchange; }

    /**
     * Cluster mode: throws {@link io.keyline.engine.api.NotOwner} if another node decides this
     * item (its token range), before anything is read or written; nothing alone on a storage.
     */
    private void decideHere(TableMetadata table, PrimaryKey key) {
        if (clusterDuties != null) clusterDuties.ownership().check(KeyCodec.token(key.partition()));
    }

    /**
     * Runs the work of a batch or transaction on {@code keys} (any tables): where the node that
     * decides all of them is (throws {@link io.keyline.engine.api.NotOwner} if that is another
     * node), or here when they belong to several nodes: then each item is decided here, with no
     * isolation from other nodes' writes (docs/CLUSTER.md, "Guarantees").
     */
    public <T> T decideTogether(List<PrimaryKey> keys, java.util.function.Supplier<T> work) {
        if (clusterDuties == null) return work.get();
        long[] tokens = tokensOf(keys);
        return clusterDuties.ownership().decideTogether(tokens, () -> fenced(work));
    }

    /**
     * Runs a write decided under a term (docs/RULES.md#CLUSTER-FENCE): one the storage refused
     * because the term had ended, before writing anything, is {@link io.keyline.engine.api.NotOwner}
     * with no address (the server answers the retryable ServiceUnavailable; the retry reaches the
     * range's owner); one written after its term ended stays a failure of unknown outcome.
     */
    private static <T> T fenced(java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (io.keyline.storage.FencedOut e) {
            if (e.refused()) throw new io.keyline.engine.api.NotOwner("");
            throw e;
        }
    }

    /**
     * Runs a TransactWriteItems on {@code refs} (docs/RULES.md#CLUSTER-TX-ACROSS-OWNERS): here if
     * this node owns every item or alone on its storage; at the owner of the first item's range
     * otherwise (throws {@link io.keyline.engine.api.NotOwner} with its address when that is
     * another node), which borrows the other owners' items for the time of the transaction.
     *
     * @throws io.keyline.engine.api.TransactionCancelled if a lender holds an item for another transaction
     */
    public <T> T decideTransaction(List<io.keyline.engine.api.ItemRef> refs, java.util.function.Supplier<T> work) {
        if (clusterDuties == null) return work.get();
        long[] tokens = tokensOf(refs.stream().map(io.keyline.engine.api.ItemRef::key).toList());
        Ownership ownership = clusterDuties.ownership();
        String[] lenders = ownership.transactionOwners(tokens);
        if (lenders == null) return Ownership.servingForwarded(() -> fenced(work));
        byte[][] keys = new byte[refs.size()][];
        for (int i = 0; i < keys.length; i++) keys[i] = io.keyline.engine.store.ItemStore.storageKey(refs.get(i));
        return Ownership.servingForwarded(() -> borrower.run(keys, tokens, lenders, () -> fenced(work)));
    }

    private static long[] tokensOf(List<PrimaryKey> keys) {
        long[] tokens = new long[keys.size()];
        for (int i = 0; i < tokens.length; i++) tokens[i] = KeyCodec.token(keys.get(i).partition());
        return tokens;
    }

    /** Cluster mode: the items this node lends to other nodes' transactions (the server answers them on its port), or null. */
    public io.keyline.engine.cluster.ItemLoans itemLoans() { return itemLoans; }

    /** Cluster mode: the side of this node's transactions that borrows other nodes' items (the server gives it its channel), or null. */
    public io.keyline.engine.cluster.Borrower borrower() { return borrower; }

    /** The throttling error of a refused read or write, as DynamoDB sends it. */
    public static ApiException throttled(Throttle refused) { return ItemCapacity.error(refused); }

    /** Whether an error is a throttling refusal (a batch returns the item unprocessed). */
    public static boolean isThrottling(ApiException e) { return ItemCapacity.isThrottling(e); }

    private void written(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        recordStatistics(table, oldItem, newItem);
        itemCapacity.written(capacity.binding(table), oldItem, newItem);
    }

    /** Secondary indexes: maintenance, GSI propagation, item collections, backfills. */
    public Indexes indexes() { return indexes; }

    /** The control-plane verbs: create, update, delete, describe and list tables. */
    public Tables tables() { return tables; }

    /** The DynamoDB Streams verbs over this view's streams. */
    public Streams streams() { return streams; }

    /** The verbs of on-demand backups and point-in-time recovery over this view's tables. */
    public Backups backups() { return backups; }

    /** The several-item verbs of batches and transactions (snapshot reads, all-or-nothing writes, tokens). */
    public Batches batches() { return batches; }
    /** The size in bytes of one item collection (items and LSI entries of one partition key value). */
    public long itemCollectionSize(TableMetadata table, AttributeValue partitionKey) {
        return indexes.collections().size(table, partitionKey);
    }

    private void recordStatistics(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        long itemDelta = (newItem != null ? 1 : 0) - (oldItem != null ? 1 : 0);
        catalog.statistics(table.keyspaceId()).record(itemDelta, itemCapacity.sizeOf(newItem) - itemCapacity.sizeOf(oldItem));
    }

    @Override public void close() {
        if (root != null) return; // a view: the engine it came from owns the services
        if (streamSweeper != null) streamSweeper.close(); // its shards end while its node lease still holds
        if (borrower != null) borrower.close();
        if (capacityExchange != null) capacityExchange.close();
        if (clusterDuties != null) clusterDuties.close();
        expirer.close();
        backupServices.close();
        indexes.close();
        storage.close();
        coordination.close();
    }
}
