package io.keyline.engine.index;

import io.keyline.engine.catalog.Catalog;
import io.keyline.metadata.IndexMetadata;
import io.keyline.engine.store.ItemStore;
import io.keyline.metadata.TableMetadata;
import io.keyline.engine.catalog.TableStatistics;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The write hook that keeps every index of a table in step with its items, in the item's own
 * storage batch: LSI entries directly (so a consistent read of an LSI sees the write), GSI
 * changes as one {@link GsiChangeLog} record applied later by the {@link GsiPropagator}. A table
 * with 5 LSIs and 5 GSIs therefore costs one storage batch per write.
 *
 * <p>The indexes maintained are those of the table's metadata as the catalog has it now, read
 * under the item's lock (not the possibly older metadata the request started with): together
 * with {@link ItemStore#awaitWritesInFlight} this is what lets a GSI backfill miss no write
 * (see {@link Backfill}). With no lag configured, the writer waits (bounded) after committing
 * until the propagator has applied its record, so reads soon after a write see it, as they
 * nearly always do on DynamoDB. Runs on the writing thread; thread-safe.
 */
public final class IndexMaintenance implements ItemStore.WriteHook {
    /** With no GSI lag set, how long a writer waits at most for its GSI changes to be applied. */
    static final long MAX_PROPAGATION_WAIT_MILLIS = 1_000;

    private final Catalog catalog;
    private final Clock clock;
    private final GsiChangeLog log;
    private final GsiPropagator propagator;
    private final ItemCollections collections;

    public IndexMaintenance(Catalog catalog, Clock clock, GsiChangeLog log, GsiPropagator propagator, ItemCollections collections) {
        this.catalog = catalog;
        this.clock = clock;
        this.log = log;
        this.propagator = propagator;
        this.collections = collections;
    }

    @Override public Runnable beforeCommit(TableMetadata requested, Map<String, AttributeValue> oldItem,
                                           Map<String, AttributeValue> newItem, WriteBatch batch) {
        TableMetadata table = current(requested);
        if (table.localIndexes().isEmpty() && table.globalIndexes().isEmpty()) return null;
        IndexKeys.check(table, newItem);
        List<Runnable> after = new ArrayList<>(2);
        if (!table.localIndexes().isEmpty()) after.add(local(table, oldItem, newItem, batch));
        List<IndexEntries.Delta> gsiDeltas = new ArrayList<>(table.globalIndexes().size());
        for (IndexMetadata gsi : table.globalIndexes()) {
            if (!gsi.isLive()) continue; // DELETING: its entries are gone already
            IndexEntries.Delta d = IndexEntries.update(table, gsi, oldItem, newItem);
            if (!d.isEmpty()) gsiDeltas.add(d);
        }
        long sequence = log.append(batch, clock.millis(), gsiDeltas);
        if (sequence >= 0) {
            after.add(propagator::wake);
            if (propagator.immediate()) after.add(() -> propagator.awaitApplied(sequence, MAX_PROPAGATION_WAIT_MILLIS));
        }
        return () -> after.forEach(Runnable::run);
    }

    /** The batch was written or dropped: its change record's sequence is no longer in flight. */
    @Override public void settled(WriteBatch batch) { log.settle(batch); }

    private Runnable local(TableMetadata table, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                           WriteBatch batch) {
        List<IndexEntries.Delta> deltas = new ArrayList<>(table.localIndexes().size());
        for (IndexMetadata lsi : table.localIndexes()) {
            IndexEntries.Delta d = IndexEntries.update(table, lsi, oldItem, newItem);
            for (byte[] k : d.deletes()) batch.delete(k);
            for (IndexEntries.Put p : d.puts()) batch.put(p.key(), io.keyline.engine.codec.ItemCodec.encode(p.entry()));
            deltas.add(d);
        }
        AttributeValue pk = (newItem != null ? newItem : oldItem).get(table.keySchema().partitionKey().name());
        long growth = ItemCollections.delta(oldItem, newItem, deltas, table);
        collections.check(table, pk, growth);
        return () -> {
            collections.record(table, pk, growth);
            for (IndexMetadata lsi : table.localIndexes()) recordEntry(catalog.statistics(lsi.keyspaceId()), table, lsi, oldItem, newItem);
        };
    }

    private static void recordEntry(TableStatistics stats, TableMetadata table, IndexMetadata lsi,
                                    Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        boolean wasIn = IndexKeys.of(lsi, oldItem) != null;
        boolean isIn = IndexKeys.of(lsi, newItem) != null;
        long bytes = (isIn ? ItemSize.of(IndexEntries.project(table, lsi, newItem)) : 0)
                - (wasIn ? ItemSize.of(IndexEntries.project(table, lsi, oldItem)) : 0);
        stats.record((isIn ? 1 : 0) - (wasIn ? 1 : 0), bytes);
    }

    /** The table's metadata now, if it is still the same table; else what the request saw. */
    private TableMetadata current(TableMetadata requested) {
        TableMetadata now = catalog.current(requested);
        return now != null && now.keyspaceId() == requested.keyspaceId() ? now : requested;
    }
}
