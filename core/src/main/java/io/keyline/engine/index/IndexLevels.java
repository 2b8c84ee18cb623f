package io.keyline.engine.index;

import io.keyline.engine.catalog.Catalog;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import io.keyline.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Samples what the index services know and the capacity model does not, into the metrics store,
 * once per call (with the capacity sampler: once a second on a server), for every table of every
 * namespace:
 * <ul>
 * <li>GsiPropagationLag of each GSI: the age of its oldest change not yet applied on the injected
 *     clock, 0 when none ({@link GsiChangeLog#oldestUnapplied(long)}, an in-memory look-up);</li>
 * <li>ItemCollectionSize of each table with LSIs: its largest item collection
 *     ({@link ItemCollections#largest}, docs/RULES.md#LSI-ITEM-COLLECTION);</li>
 * <li>while a GSI added by UpdateTable backfills: OnlineIndexPercentageProgress,
 *     OnlineIndexConsumedWriteCapacity (the write units of the entries it wrote since the last
 *     sample, so the sums are the backfill's total) and OnlineIndexThrottleEvents (0: the
 *     backfill is not admitted on the index's partitions). A finished backfill is reported once
 *     more, at 100%, with its last units, then no longer.</li>
 * </ul>
 *
 * <p>Threading: {@link #sample} is synchronized (one sampler thread, or a test).
 */
public final class IndexLevels {
    private final Catalog catalog;
    private final Indexes indexes;
    private final Clock clock;
    /** By index keyspace: the backfill's write units at the last sample. */
    private final Map<Long, Double> unitsBefore = new HashMap<>();
    /** Index keyspaces whose finished backfill was reported. */
    private final Set<Long> reported = new HashSet<>();

    public IndexLevels(Catalog catalog, Indexes indexes, Clock clock) {
        this.catalog = catalog;
        this.indexes = indexes;
        this.clock = clock;
    }

    public synchronized void sample(MetricsStore store) {
        long now = clock.millis();
        Map<Long, String[]> gsis = new HashMap<>();
        for (TableMetadata t : catalog.all()) {
            for (IndexMetadata g : t.globalIndexes()) {
                gsis.put(g.keyspaceId(), new String[] {t.name(), g.name()});
                long lag = indexes.changeLog().oldestUnapplied(g.keyspaceId()).map(p -> Math.max(0, now - p.commitMillis())).orElse(0L);
                store.record(SeriesKey.of(t.namespace(), t.name(), g.name(), Metric.GSI_PROPAGATION_LAG), lag);
            }
            if (!t.localIndexes().isEmpty()) {
                List<ItemCollections.Collection> largest = indexes.collections().largest(t.keyspaceId(), 1);
                store.record(SeriesKey.of(t.namespace(), t.name(), null, Metric.ITEM_COLLECTION_SIZE),
                        largest.isEmpty() ? 0 : largest.get(0).bytes());
            }
        }
        for (Backfill.Progress p : indexes.backfill().progress()) {
            String[] names = gsis.get(p.indexKeyspaceId());
            if (names == null || reported.contains(p.indexKeyspaceId())) continue;
            double units = p.writeUnits() - unitsBefore.getOrDefault(p.indexKeyspaceId(), 0.0);
            unitsBefore.put(p.indexKeyspaceId(), p.writeUnits());
            store.record(SeriesKey.of(p.namespace(), names[0], names[1], Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS), p.percent());
            store.record(SeriesKey.of(p.namespace(), names[0], names[1], Metric.ONLINE_INDEX_CONSUMED_WRITE_CAPACITY), units);
            store.record(SeriesKey.of(p.namespace(), names[0], names[1], Metric.ONLINE_INDEX_THROTTLE_EVENTS), 0);
            if (p.done()) {
                reported.add(p.indexKeyspaceId());
                unitsBefore.remove(p.indexKeyspaceId());
            }
        }
        reported.retainAll(gsis.keySet());
    }
}
