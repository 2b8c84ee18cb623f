package io.keyline.server;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.capacity.Rules;
import io.keyline.metadata.Namespace;
import io.keyline.metrics.CapacitySampler;
import io.keyline.metrics.Datapoint;
import io.keyline.metrics.Metric;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code GET /admin/top}: what {@code keyline top} shows, in one document. Per table and per GSI
 * (a table's own entry first, then its GSIs): consumed read and write units in the last second and
 * the last minute, the units available a second, throttle events by reason, the partition count,
 * the hottest partition and the hottest key where something knows it.
 *
 * <p>Windows are whole seconds of the metrics store's clock: "last second" is the second before
 * the current one, "last minute" the 60 seconds before the current one, so two reads within one
 * second agree. The consumed units and throttles are the store's one-second series (the capacity
 * model's own numbers, docs/OBSERVABILITY.md); a partition's units are what the sampler recorded in
 * those seconds. With metrics off the store is empty: the rates read zero and {@code metrics} is false.
 *
 * <p>Stateless apart from its inputs; thread-safe when they are (the snapshot is immutable, the
 * store is thread-safe).
 */
public final class TopReport {
    private static final long SECOND = 1_000L;
    private static final long MINUTE = 60_000L;
    /** A read unit costs a third of a partition's ceiling bucket (docs/RULES.md#CAP-PARTITION-LINEAR). */
    private static final double READS_PER_WRITE_UNIT = Rules.PARTITION_READ_CEILING / Rules.PARTITION_WRITE_CEILING;
    /** Shown in place of a hottest key when no source knows one. */
    static final String NO_HOT_KEY = "enable Contributor Insights";

    /**
     * Where the hottest key of a table or GSI comes from (Contributor Insights, when a table has it
     * enabled). The capacity model counts per partition, not per key, so by default nothing knows.
     */
    @FunctionalInterface
    public interface HotKeys {
        HotKeys NONE = (table, index) -> null;

        /** The hottest partition key (and sort key) of the table or GSI as text, or null if unknown. */
        String hottest(String table, String index);
    }

    private final Namespace namespace;
    private final MetricsStore store;
    private final boolean metricsOn;
    private final HotKeys hotKeys;
    private final long itemCollectionLimit;

    private TopReport(Namespace namespace, MetricsStore store, boolean metricsOn, HotKeys hotKeys, long itemCollectionLimit) {
        this.namespace = namespace;
        this.itemCollectionLimit = itemCollectionLimit;
        this.store = store;
        this.metricsOn = metricsOn;
        this.hotKeys = hotKeys;
    }

    /** The document of {@code snapshot}, the default region's, its rates read from {@code metrics}' store at the store's clock. */
    public static Map<String, Object> json(CapacitySnapshot snapshot, Metrics metrics, HotKeys hotKeys) {
        return json(metrics.home(), snapshot, metrics, hotKeys, io.keyline.engine.config.Settings.DEFAULT_ITEM_COLLECTION_LIMIT_BYTES);
    }

    /**
     * The document of {@code snapshot}, namespace {@code ns}'s tables (its region is the document's
     * {@code region}); {@code itemCollectionLimit} is the server's (docs/RULES.md#LSI-ITEM-COLLECTION).
     */
    public static Map<String, Object> json(Namespace ns, CapacitySnapshot snapshot, Metrics metrics, HotKeys hotKeys,
                                           long itemCollectionLimit) {
        return new TopReport(ns, metrics.store(), metrics.enabled(), hotKeys, itemCollectionLimit).build(snapshot);
    }

    private Map<String, Object> build(CapacitySnapshot snapshot) {
        long now = store.clock().millis();
        long second = Math.floorDiv(now, SECOND) * SECOND;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("timeMillis", now);
        out.put("region", namespace.region());
        out.put("mode", snapshot.mode().name().toLowerCase(Locale.ROOT));
        out.put("metrics", metricsOn);
        List<Object> resources = new ArrayList<>();
        for (CapacitySnapshot.TableSnapshot t : snapshot.tables()) {
            resources.add(resource(t.tableName(), null, t.table(), second));
            for (CapacitySnapshot.MapSnapshot g : t.globalSecondaryIndexes()) resources.add(resource(t.tableName(), g.name(), g, second));
        }
        out.put("resources", resources);
        return out;
    }

    private Map<String, Object> resource(String table, String index, CapacitySnapshot.MapSnapshot m, long second) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("table", table);
        out.put("index", index);
        out.put("billingMode", m.billing().name());
        int partitions = m.partitions().size();
        out.put("partitionCount", partitions);
        out.put("read", units(table, index, Metric.CONSUMED_READ_CAPACITY_UNITS, m.provisionedRead(), m.servingRead(),
                partitions * Rules.PARTITION_READ_CEILING, second));
        out.put("write", units(table, index, Metric.CONSUMED_WRITE_CAPACITY_UNITS, m.provisionedWrite(), m.servingWrite(),
                partitions * Rules.PARTITION_WRITE_CEILING, second));
        Map<String, Object> throttles = new LinkedHashMap<>();
        throttles.put("lastSecond", throttles(table, index, second - SECOND, second));
        throttles.put("lastMinute", throttles(table, index, second - MINUTE, second));
        out.put("throttles", throttles);
        out.put("hottestPartition", hottestPartition(table, index, m.partitions(), second));
        if (index != null) {
            double lag = store.last(SeriesKey.of(namespace, table, index, Metric.GSI_PROPAGATION_LAG));
            out.put("propagationLagMillis", Double.isNaN(lag) ? 0L : (long) lag);
            double progress = store.last(SeriesKey.of(namespace, table, index, Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS));
            if (!Double.isNaN(progress) && progress < 100) out.put("backfillPercent", progress);
        } else {
            double collection = store.last(SeriesKey.of(namespace, table, null, Metric.ITEM_COLLECTION_SIZE));
            if (!Double.isNaN(collection)) {
                out.put("largestItemCollectionBytes", (long) collection);
                out.put("itemCollectionLimitBytes", itemCollectionLimit);
            }
        }
        String key = hotKeys.hottest(table, index);
        out.put("hottestKey", key);
        if (key == null) out.put("hottestKeyNote", NO_HOT_KEY);
        return out;
    }

    /**
     * @param available       units a second the table or GSI serves now: provisioned, or the on-demand ceiling
     * @param partitionCeiling the sum of its partitions' ceilings (docs/RULES.md#CAP-PARTITION-WRITE)
     */
    private Map<String, Object> units(String table, String index, Metric consumed, double provisioned, double available,
                                      double partitionCeiling, long second) {
        SeriesKey key = SeriesKey.of(namespace, table, index, consumed);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("lastSecond", sum(key, second - SECOND, second));
        out.put("lastMinute", sum(key, second - MINUTE, second));
        out.put("provisioned", provisioned);
        out.put("available", available);
        out.put("partitionCeiling", partitionCeiling);
        return out;
    }

    /** Throttle events by CloudWatch metric (ReadThrottleEvents, WriteKeyRangeThroughputThrottleEvents, ...), non-zero only. */
    private Map<String, Object> throttles(String table, String index, long from, long to) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Metric metric : Metric.values()) {
            if (!metric.cloudWatchName().endsWith("ThrottleEvents") || metric.scope() != Metric.Scope.RESOURCE
                    || metric == Metric.ONLINE_INDEX_THROTTLE_EVENTS) continue;
            long events = Math.round(sum(SeriesKey.of(namespace, table, index, metric), from, to));
            if (events > 0) out.put(metric.cloudWatchName(), events);
        }
        return out;
    }

    /**
     * The partition that used the largest share of its ceiling in the last second (the last minute
     * breaks ties, and decides when the last second was idle), or null when none was used in the minute.
     */
    private Map<String, Object> hottestPartition(String table, String index, List<CapacitySnapshot.PartitionSnapshot> parts,
                                                 long second) {
        int hottest = -1;
        double hottestSecond = 0, hottestMinute = 0;
        double[] read = new double[parts.size()];
        double[] write = new double[parts.size()];
        for (int i = 0; i < parts.size(); i++) {
            String label = CapacitySampler.partitionLabel(parts.get(i));
            SeriesKey r = SeriesKey.partition(namespace, table, index, Metric.PARTITION_CONSUMED_READ_CAPACITY_UNITS, label);
            SeriesKey w = SeriesKey.partition(namespace, table, index, Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS, label);
            read[i] = sum(r, second - SECOND, second);
            write[i] = sum(w, second - SECOND, second);
            double lastSecond = write[i] + read[i] / READS_PER_WRITE_UNIT;
            double lastMinute = sum(w, second - MINUTE, second) + sum(r, second - MINUTE, second) / READS_PER_WRITE_UNIT;
            if (lastMinute <= 0 && lastSecond <= 0) continue;
            if (hottest < 0 || lastSecond > hottestSecond || (lastSecond == hottestSecond && lastMinute > hottestMinute)) {
                hottest = i;
                hottestSecond = lastSecond;
                hottestMinute = lastMinute;
            }
        }
        if (hottest < 0) return null;
        CapacitySnapshot.PartitionSnapshot p = parts.get(hottest);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("position", hottest + 1);
        out.put("label", CapacitySampler.partitionLabel(p));
        out.put("firstToken", hex(p.startToken()));
        out.put("lastToken", hex(lastToken(parts, hottest)));
        out.put("consumedRead", read[hottest]);
        out.put("consumedWrite", write[hottest]);
        out.put("consumedWriteEquivalentLastMinute", hottestMinute);
        out.put("shareOfCeiling", hottestSecond / Rules.PARTITION_WRITE_CEILING);
        out.put("banked", p.banked());
        out.put("debt", Math.max(0, -p.banked()));
        return out;
    }

    /** The last token of partition i: the next one's first token less one, or the top of the token space. */
    private static long lastToken(List<CapacitySnapshot.PartitionSnapshot> parts, int i) {
        for (int j = i + 1; j < parts.size(); j++) {
            long next = parts.get(j).startToken();
            if (next != parts.get(i).startToken()) return next - 1;
        }
        return Long.MAX_VALUE;
    }

    private static String hex(long token) { return String.format(Locale.ROOT, "%016x", token); }

    private double sum(SeriesKey key, long from, long to) {
        double total = 0;
        for (Datapoint d : store.statistics(key, 1, from, to)) total += d.sum();
        return total;
    }
}
