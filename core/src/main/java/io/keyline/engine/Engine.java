package io.keyline.engine;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.catalog.ItemSizer;
import io.keyline.engine.config.Settings;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.metering.CapacityRegistry;
import io.keyline.engine.metering.ItemCapacity;
import io.keyline.engine.metering.TransactionCapacity;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.index.Indexes;
import io.keyline.engine.transaction.BatchAdmission;
import io.keyline.engine.transaction.Transactions;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.Storage;
import io.keyline.time.Clock;
import java.util.Map;

/**
 * The engine context shared by all operations: storage, clock and settings, and the services
 * built on them (catalog, item store, capacity model). One per server. Building an Engine on existing storage
 * reloads its catalog. Thread-safe.
 */
public final class Engine implements AutoCloseable {
    private final Storage storage;
    private final Clock clock;
    private final Settings settings;
    private final Catalog catalog;
    private final ItemStore items;
    private final CapacityRegistry capacity;
    private final ItemCapacity itemCapacity;
    private final TransactionCapacity transactionCapacity;
    private final Indexes indexes;
    private final Transactions transactions;

    /**
     * An engine whose start-up statistics decode each stored entry with {@link ItemCodec} and
     * size it by DynamoDB's rules: table and index keyspaces hold ItemCodec-encoded items only.
     */
    public Engine(Storage storage, Clock clock, Settings settings) {
        this(storage, clock, settings, (keyspaceId, key, value) -> ItemSize.of(ItemCodec.decode(value)));
    }

    /** With another sizer for start-up statistics (see {@link ItemSizer}). */
    public Engine(Storage storage, Clock clock, Settings settings, ItemSizer sizer) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        this.catalog = new Catalog(storage, clock, settings, sizer);
        this.capacity = new CapacityRegistry(settings.capacity(), clock, catalog::get);
        this.itemCapacity = new ItemCapacity(capacity.model());
        this.items = new ItemStore(storage, this::written);
        this.indexes = new Indexes(storage, catalog, items, clock, settings);
        this.transactionCapacity = new TransactionCapacity(capacity, itemCapacity);
        this.transactions = new Transactions(items, clock, BatchAdmission.ADMIT_ALL, transactionCapacity);
        // Tables found on storage get their partitions now, with full burst buckets.
        for (String name : catalog.names(null, Integer.MAX_VALUE)) {
            TableMetadata t = catalog.get(name);
            if (t != null) capacity.register(t);
        }
    }

    public Storage storage() { return storage; }

    public Clock clock() { return clock; }

    public Settings settings() { return settings; }

    public Catalog catalog() { return catalog; }

    public ItemStore items() { return items; }

    /** The capacity model bound to the catalog's tables. */
    public CapacityRegistry capacity() { return capacity; }

    /** Prices and admits single-item reads and writes. */
    public ItemCapacity itemCapacity() { return itemCapacity; }

    /** Prices and admits transactions. */
    public TransactionCapacity transactionCapacity() { return transactionCapacity; }

    private void written(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        recordStatistics(table, oldItem, newItem);
        itemCapacity.written(capacity.binding(table), oldItem, newItem);
    }

    /** Secondary indexes: maintenance, GSI propagation, item collections, backfills. */
    public Indexes indexes() { return indexes; }
    /** Transactions, idempotency tokens and batch admission. */
    public Transactions transactions() { return transactions; }

    /** The size in bytes of one item collection (items and LSI entries of one partition key value). */
    public long itemCollectionSize(TableMetadata table, AttributeValue partitionKey) {
        return indexes.collections().size(table, partitionKey);
    }

    private void recordStatistics(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        long itemDelta = (newItem != null ? 1 : 0) - (oldItem != null ? 1 : 0);
        catalog.statistics(table.keyspaceId()).record(itemDelta, itemCapacity.sizeOf(newItem) - itemCapacity.sizeOf(oldItem));
    }

    @Override public void close() {
        indexes.close();
        storage.close();
    }
}
