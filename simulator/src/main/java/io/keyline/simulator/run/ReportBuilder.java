package io.keyline.simulator.run;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.capacity.LimitKind;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.Rules;
import io.keyline.capacity.TableCapacity;
import io.keyline.capacity.ThrottlingReason;
import io.keyline.engine.catalog.TableStatistics;
import io.keyline.engine.codec.DecodedKey;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.engine.api.KeyRange;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.metrics.CapacitySampler;
import io.keyline.metrics.Datapoint;
import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.SeriesKey;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.simulator.report.ResourceReport;
import io.keyline.simulator.report.TableDesign;
import io.keyline.simulator.report.TableReport;
import io.keyline.storage.Cursor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Fills the report's table records at the end of a run: per minute from the metrics layer's
 * one-minute series (units, throttle events by reason, provisioned units, partition count, splits),
 * the hottest partitions from the capacity model's snapshot (and their busiest second from the
 * sampler's per-partition series), throttled requests, entries read and top keys from the client
 * side ({@link ResourceTallies}), entries written and distinct keys from {@link CountingStorage},
 * item counts and sizes from the catalog's statistics. Counts the model keeps per executed
 * request are scaled by the run's weighted-over-executed ratios ({@link WeightedCapacityMetrics}).
 * One thread, once.
 */
final class ReportBuilder {
    /** Hottest partitions and top keys listed per resource. */
    static final int TOP = 10;

    private final SimulatedDatabase db;
    private final ResourceTallies tallies;
    private final Map<Long, CountingStorage.Counts> counts;
    private final KeyDemand demand;
    private final int minutes;
    private final MetricsStore store;
    private final long fromMillis;
    private final long toMillis;

    /**
     * @param minutes the run's minutes (its duration's): the report has one row each
     * @param covered the minutes simulated time reached, at least {@code minutes}: what retries did
     *                after the duration is counted in the last row, so a 10-minute run has 10 rows
     */
    ReportBuilder(SimulatedDatabase db, ResourceTallies tallies, Map<Long, CountingStorage.Counts> counts, KeyDemand demand,
            int minutes, int covered) {
        this.db = db;
        this.tallies = tallies;
        this.counts = counts;
        this.demand = demand;
        this.minutes = minutes;
        this.store = db.metrics.store();
        this.fromMillis = db.start.toEpochMilli();
        this.toMillis = fromMillis + Math.max(minutes, covered) * 60_000L;
    }

    TableReport table(String name) {
        TableMetadata t = db.table(name);
        TableCapacity capacity = db.engine.capacity().binding(t).capacity();
        List<ResourceReport> gsis = new ArrayList<>();
        for (IndexMetadata g : t.globalIndexes()) gsis.add(resource(t, g.name(), capacity.index(g.name()), g.keyspaceId(), List.of()));
        ResourceReport base = resource(t, null, capacity.table(), t.keyspaceId(), gsis);
        TableStatistics stats = db.engine.catalog().statistics(t.keyspaceId());
        long preloaded = db.preloaded.getOrDefault(name, 0L);
        double ratio = db.watcher.of(capacity.table()).unitRatio(true);
        long items = preloaded + Math.round(Math.max(0, stats.itemCount() - preloaded) * ratio);
        double bytesPerItem = stats.itemCount() == 0 ? 0 : (double) stats.itemBytes() / stats.itemCount();
        long storage = Math.round(items * (bytesPerItem + TableStatistics.STORAGE_OVERHEAD_BYTES_PER_ITEM));
        return new TableReport(design(t), base, gsis, items, storage, largestItemCollection(t));
    }

    /**
     * One table or GSI. Its throttle events are its own, as CloudWatch's WriteThrottleEvents of
     * the table (or the GSI) count them: a table write a GSI refused is the GSI's event, not the
     * table's (docs/RULES.md#THROTTLE-EVENTS-BACK-PRESSURE). A table's writes its GSIs refused are
     * reported apart, as its GSI back-pressure refusals: {@code gsis}' write events, since a GSI is
     * written only by its table's writes and the capacity model books one event, on the first GSI
     * that refused, for each table write it refuses (docs/RULES.md#GSI-BACK-PRESSURE).
     */
    private ResourceReport resource(TableMetadata t, String index, PartitionMap map, long keyspaceId, List<ResourceReport> gsis) {
        String resource = ResourceTallies.resource(t.name(), index);
        WeightedCapacityMetrics.Tally tally = db.watcher.of(map);
        List<ResourceReport.Minute> rows = new ArrayList<>(minutes);
        double[] readUnits = perMinute(t.name(), index, Metric.CONSUMED_READ_CAPACITY_UNITS, false);
        double[] writeUnits = perMinute(t.name(), index, Metric.CONSUMED_WRITE_CAPACITY_UNITS, false);
        double[] readEvents = perMinute(t.name(), index, Metric.READ_THROTTLE_EVENTS, false);
        double[] writeEvents = perMinute(t.name(), index, Metric.WRITE_THROTTLE_EVENTS, false);
        double[] provisionedRead = perMinute(t.name(), index, Metric.PROVISIONED_READ_CAPACITY_UNITS, true);
        double[] provisionedWrite = perMinute(t.name(), index, Metric.PROVISIONED_WRITE_CAPACITY_UNITS, true);
        double[] partitions = perMinute(t.name(), index, Metric.PARTITION_COUNT, true);
        Map<String, double[]> reasons = new LinkedHashMap<>();
        for (boolean write : new boolean[] {false, true}) {
            for (LimitKind limit : LimitKind.values()) {
                reasons.put(ThrottlingReason.of(index != null, write, limit).wire(),
                        perMinute(t.name(), index, Metric.throttleReason(write, limit), false));
            }
        }
        Map<String, Long> backPressure = new java.util.TreeMap<>();
        long refusedByGsis = 0;
        for (ResourceReport g : gsis) {
            if (g.totals().writeThrottleEvents() > 0) backPressure.put(g.index(), g.totals().writeThrottleEvents());
            refusedByGsis += g.totals().writeThrottleEvents();
        }
        int lastPartitions = map.partitionCount();
        for (int m = 0; m < minutes; m++) {
            Map<String, Long> byReason = new LinkedHashMap<>();
            for (Map.Entry<String, double[]> e : reasons.entrySet()) {
                long n = Math.round(e.getValue()[m]);
                if (n > 0) byReason.put(e.getKey(), n);
            }
            long refused = 0;
            for (ResourceReport g : gsis) refused += g.minutes().get(m).writeThrottleEvents();
            int parts = partitions[m] > 0 ? (int) partitions[m] : (m > 0 ? rows.get(m - 1).partitionCount() : lastPartitions);
            long throttledRequests = m < minutes - 1 ? tallies.throttledRequests(resource, m) : tallies.throttledRequestsFrom(resource, m);
            rows.add(new ResourceReport.Minute(m, readUnits[m], writeUnits[m], provisionedRead[m], provisionedWrite[m],
                    Math.round(readEvents[m]), Math.round(writeEvents[m]), byReason, throttledRequests, parts, refused));
        }
        Map<String, Long> totalReasons = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : reasons.entrySet()) {
            long n = Math.round(sum(e.getValue()));
            if (n > 0) totalReasons.put(e.getKey(), n);
        }
        ResourceReport.Totals totals = new ResourceReport.Totals(sum(readUnits), sum(writeUnits), Math.round(sum(readEvents)),
                Math.round(sum(writeEvents)), totalReasons, tallies.throttledRequests(resource), tally.peakPerSecond[0],
                tally.peakPerSecond[1], refusedByGsis);
        long splits = Math.round(sum(perMinute(t.name(), index, Metric.PARTITION_SPLITS, false)));
        CountingStorage.Counts written = counts.get(keyspaceId);
        TableStatistics stats = db.engine.catalog().statistics(keyspaceId);
        double averageBytes = stats.itemCount() == 0 ? 0 : (double) stats.itemBytes() / stats.itemCount();
        // entries at the end: the preloads' as they are, the run's scaled up as its writes were
        long before = index == null ? db.preloaded.getOrDefault(t.name(), 0L) : db.preloadedEntries.getOrDefault(keyspaceId, 0L);
        long entries = before + Math.round(Math.max(0, stats.itemCount() - before) * tally.unitRatio(true));
        long bytes = Math.round(entries * (averageBytes + TableStatistics.STORAGE_OVERHEAD_BYTES_PER_ITEM));
        return new ResourceReport(t.name(), index, rows, totals, map.partitionCount(), splits, hottest(t.name(), index, map, tally),
                tallies.top(resource, false, TOP, tally.unitRatio()), tallies.top(resource, true, TOP, tally.throttleRatio()),
                written == null ? 0 : written.distinctTokens(),
                written == null ? 0 : Math.round(written.written() * tally.unitRatio(true)),
                tallies.entriesRead(resource), averageBytes, entries, bytes, demand.top(resource, TOP), backPressure);
    }

    /**
     * One value per minute of a series: sums, or for a level (gauge) the minute's maximum. Minutes
     * past the run's last (retries still going after its duration) count in the last.
     */
    private double[] perMinute(String table, String index, Metric metric, boolean level) {
        double[] out = new double[minutes];
        for (Datapoint d : store.statistics(SeriesKey.of(Metrics.LOCAL, table, index, metric), 60, fromMillis, toMillis)) {
            int m = (int) ((d.timestampMillis() - fromMillis) / 60_000L);
            if (m < 0) continue;
            if (m >= minutes) m = minutes - 1;
            out[m] = level ? Math.max(out[m], d.maximum()) : out[m] + d.sum();
        }
        return out;
    }

    private List<ResourceReport.PartitionLoad> hottest(String table, String index, PartitionMap map, WeightedCapacityMetrics.Tally tally) {
        List<CapacitySnapshot.PartitionSnapshot> parts = map.snapshot().partitions();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) order.add(i);
        order.sort(Comparator.comparingDouble((Integer i) -> -(parts.get(i).consumedRead() + parts.get(i).consumedWrite()))
                .thenComparing(i -> i));
        List<ResourceReport.PartitionLoad> out = new ArrayList<>();
        for (int i : order.subList(0, Math.min(TOP, order.size()))) {
            CapacitySnapshot.PartitionSnapshot p = parts.get(i);
            String range = tokenRange(parts, i);
            String label = CapacitySampler.partitionLabel(p);
            double peakRead = peak(table, index, Metric.PARTITION_CONSUMED_READ_CAPACITY_UNITS, label);
            double peakWrite = peak(table, index, Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS, label);
            double share = Math.max(peakRead / Rules.PARTITION_READ_CEILING, peakWrite / Rules.PARTITION_WRITE_CEILING);
            out.add(new ResourceReport.PartitionLoad(i + 1, range, p.consumedRead(), p.consumedWrite(), share,
                    Math.round((p.throttledReads() + p.throttledWrites()) * tally.throttleRatio())));
        }
        return out;
    }

    /**
     * Partition {@code i}'s token range as the dashboard prints it ("start..end", inclusive); a
     * partition that holds part of one partition key's items (split by sort key, docs/RULES.md#PART-SPLIT)
     * is that key's token and which part it is, since its range would read backwards.
     */
    static String tokenRange(List<CapacitySnapshot.PartitionSnapshot> parts, int i) {
        CapacitySnapshot.PartitionSnapshot p = parts.get(i);
        int first = i, end = i + 1;
        while (first > 0 && parts.get(first).startSort() != Long.MIN_VALUE && parts.get(first - 1).startToken() == p.startToken()) first--;
        while (end < parts.size() && parts.get(end).startToken() == p.startToken() && parts.get(end).startSort() != Long.MIN_VALUE) end++;
        if (end - first > 1) {
            return String.format(Locale.ROOT, "%016x (one key split by sort key: part %d of %d)", p.startToken(), i - first + 1, end - first);
        }
        long last = i + 1 < parts.size() ? parts.get(i + 1).startToken() - 1 : Long.MAX_VALUE;
        return String.format(Locale.ROOT, "%016x..%016x", p.startToken(), last);
    }

    /** A partition's busiest second: the sampler records one value a second, so a minute's maximum is its busiest second. */
    private double peak(String table, String index, Metric metric, String label) {
        double max = 0;
        for (Datapoint d : store.statistics(SeriesKey.partition(Metrics.LOCAL, table, index, metric, label), 60, fromMillis, toMillis)) {
            max = Math.max(max, d.maximum());
        }
        return max;
    }

    /** The largest item collection of a table with LSIs: each partition key's size as the engine tracks it. */
    private long largestItemCollection(TableMetadata t) {
        if (t.localIndexes().isEmpty()) return 0;
        KeyAttribute pk = t.keySchema().partitionKey();
        KeyAttribute sk = t.keySchema().sortKey();
        KeyRange range = KeyCodec.keyspaceRange(t.keyspaceId());
        Set<AttributeValue> seen = new HashSet<>();
        long largest = 0;
        try (Cursor c = db.engine.storage().range(range.start(), range.end(), false)) {
            while (c.next()) {
                DecodedKey key = KeyCodec.decode(c.key(), pk.type(), sk == null ? null : sk.type());
                if (seen.add(key.partitionKey())) largest = Math.max(largest, db.engine.itemCollectionSize(t, key.partitionKey()));
            }
        }
        return largest;
    }

    private static TableDesign design(TableMetadata t) {
        boolean provisioned = t.billingMode() == BillingMode.PROVISIONED;
        List<TableDesign.IndexDesign> gsis = new ArrayList<>();
        for (IndexMetadata g : t.globalIndexes()) gsis.add(index(g, provisioned));
        List<TableDesign.IndexDesign> lsis = new ArrayList<>();
        for (IndexMetadata l : t.localIndexes()) lsis.add(index(l, false));
        KeyAttribute sk = t.keySchema().sortKey();
        return new TableDesign(t.name(), t.billingMode().name(), provisioned ? t.throughput().readCapacityUnits() : 0,
                provisioned ? t.throughput().writeCapacityUnits() : 0, t.keySchema().partitionKey().name(),
                sk == null ? null : sk.name(), gsis, lsis);
    }

    private static TableDesign.IndexDesign index(IndexMetadata i, boolean provisioned) {
        KeyAttribute sk = i.keySchema().sortKey();
        boolean units = provisioned && i.throughput() != null;
        return new TableDesign.IndexDesign(i.name(), i.keySchema().partitionKey().name(), sk == null ? null : sk.name(),
                i.projection().type().name(), i.projection().nonKeyAttributes(), units ? i.throughput().readCapacityUnits() : 0,
                units ? i.throughput().writeCapacityUnits() : 0);
    }

    private static double sum(double[] values) {
        double s = 0;
        for (double v : values) s += v;
        return s;
    }
}
