package io.keyline.server;

import io.keyline.capacity.CapacitySnapshot;
import io.keyline.capacity.Rules;
import io.keyline.capacity.ThrottleExplanation;
import io.keyline.engine.Engine;
import io.keyline.insights.InsightsRule;
import io.keyline.insights.TopKey;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.InsightsStatus;
import io.keyline.metadata.Namespace;
import io.keyline.metadata.TableMetadata;
import io.keyline.metrics.Datapoint;
import io.keyline.metrics.Metric;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The dashboard's one JSON document ({@code GET /dashboard/api/state}): per table and per GSI the
 * last {@link #WINDOW_SECONDS} seconds of consumed vs serving units, throttle events by reason and
 * the partitions' consumed share of their ceiling (the heat map), the top keys, the GSI
 * propagation lag, and a banner for each table that throttles below {@link #BANNER_SHARE} of what
 * it serves, naming the partition or GSI responsible.
 *
 * <p>Built from the metrics store's one-second series, the capacity model's snapshot, the
 * throttle reporter's latest explanations and Contributor Insights, only when a page asks for it:
 * nobody watching costs nothing. Stateless and thread-safe (it runs on the connection's event loop, as every admin page does).
 */
final class DashboardState {
    /** Seconds of history the charts show. */
    static final int WINDOW_SECONDS = 300;
    /** The fewest seconds the charts show. */
    static final int MIN_WINDOW_SECONDS = 60;
    /** Seconds over which the banner weighs throttles against consumption. */
    static final int BANNER_SECONDS = 60;
    /**
     * A table throttled while it consumes less than this share of what it serves has a partition-level
     * problem (a hot key or a GSI's hot partition), not too little capacity (docs/RULES.md#CAP-PARTITION-WRITE).
     */
    static final double BANNER_SHARE = 0.2;
    /** Contributors shown per rule. */
    static final int TOP_KEYS = 5;

    private static final Metric[] REASONS = {
            Metric.READ_KEY_RANGE_THROUGHPUT_THROTTLE_EVENTS, Metric.WRITE_KEY_RANGE_THROUGHPUT_THROTTLE_EVENTS,
            Metric.READ_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS, Metric.WRITE_PROVISIONED_THROUGHPUT_THROTTLE_EVENTS,
            Metric.READ_ACCOUNT_LIMIT_THROTTLE_EVENTS, Metric.WRITE_ACCOUNT_LIMIT_THROTTLE_EVENTS,
            Metric.READ_MAX_ON_DEMAND_THROUGHPUT_THROTTLE_EVENTS, Metric.WRITE_MAX_ON_DEMAND_THROUGHPUT_THROTTLE_EVENTS};

    private final Engine engine;
    private final Metrics metrics;
    private final MetricsStore store;
    private final Namespace namespace;

    /** The document of namespace {@code ns}'s tables (a region's; {@link RegionChoice} picks it). */
    DashboardState(Engine engine, Metrics metrics, Namespace ns) {
        this.engine = engine;
        this.metrics = metrics;
        this.store = metrics.store();
        this.namespace = ns;
    }

    Map<String, Object> json() {
        long now = store.clock().millis();
        long to = Math.floorDiv(now, 1000) * 1000 + 1000;
        CapacitySnapshot snapshot = RegionChoice.snapshot(engine, metrics, namespace);
        long from = windowStart(snapshot, to);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("now", now);
        out.put("from", from);
        out.put("seconds", (int) ((to - from) / 1000));
        out.put("metricsEnabled", metrics.enabled());
        out.put("region", namespace.region());
        out.put("regions", RegionChoice.regions(metrics));
        Long lag = engine.indexes().changeLog().oldestUnapplied().map(p -> Math.max(0, now - p.commitMillis())).orElse(null);
        out.put("gsiLagMillis", lag == null ? 0L : lag);
        var reporter = metrics.throttles(namespace);
        Map<String, ThrottleExplanation> explanations = reporter == null ? Map.of() : reporter.latest();
        List<Object> tables = new ArrayList<>();
        List<Object> banners = new ArrayList<>();
        for (CapacitySnapshot.TableSnapshot t : snapshot.tables()) {
            TableMetadata meta = metadata(t);
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("name", t.tableName());
            table.put("region", namespace.region());
            List<Object> resources = new ArrayList<>();
            resources.add(resource(t.tableName(), t.table(), meta, from, to, explanations));
            for (CapacitySnapshot.MapSnapshot g : t.globalSecondaryIndexes()) {
                Map<String, Object> r = resource(t.tableName(), g, meta, from, to, explanations);
                r.put("lagMillis", gsiLag(meta, g.name(), now));
                double progress = store.last(SeriesKey.of(namespace, t.tableName(), g.name(), Metric.ONLINE_INDEX_PERCENTAGE_PROGRESS));
                if (backfilling(meta, g.name()) && !Double.isNaN(progress)) r.put("backfillPercent", round(progress));
                resources.add(r);
            }
            double collection = store.last(SeriesKey.of(namespace, t.tableName(), null, Metric.ITEM_COLLECTION_SIZE));
            if (!Double.isNaN(collection) && meta != null && !meta.localIndexes().isEmpty()) {
                @SuppressWarnings("unchecked") Map<String, Object> own = (Map<String, Object>) resources.get(0);
                own.put("largestItemCollectionBytes", (long) collection);
                own.put("itemCollectionLimitBytes", engine.settings().itemCollectionLimitBytes());
            }
            table.put("resources", resources);
            tables.add(table);
            Map<String, Object> banner = banner(t, to, explanations);
            if (banner != null) banners.add(banner);
        }
        out.put("banners", banners);
        out.put("tables", tables);
        return out;
    }

    /** The age of the oldest change not yet applied to this GSI (its own, docs/OBSERVABILITY.md), 0 if none. */
    private long gsiLag(TableMetadata meta, String index, long now) {
        if (meta == null) return 0;
        for (var g : meta.globalIndexes()) {
            if (g.name().equals(index)) {
                return engine.indexes().changeLog().oldestUnapplied(g.keyspaceId()).map(p -> Math.max(0, now - p.commitMillis())).orElse(0L);
            }
        }
        return 0;
    }

    private static boolean backfilling(TableMetadata meta, String index) {
        if (meta == null) return false;
        for (var g : meta.globalIndexes()) if (g.name().equals(index)) return g.status() == io.keyline.metadata.TableStatus.CREATING;
        return false;
    }

    /**
     * Where the charts begin: {@link #WINDOW_SECONDS} ago, or a little before the first use of any
     * table if that is later (a fresh server's first minute fills the charts rather than their
     * right edge), but never less than {@link #MIN_WINDOW_SECONDS}.
     */
    private long windowStart(CapacitySnapshot snapshot, long to) {
        long from = to - WINDOW_SECONDS * 1000L;
        long first = Long.MAX_VALUE;
        for (CapacitySnapshot.TableSnapshot t : snapshot.tables()) {
            for (Metric m : new Metric[] {Metric.CONSUMED_READ_CAPACITY_UNITS, Metric.CONSUMED_WRITE_CAPACITY_UNITS}) {
                List<Datapoint> points = store.statistics(SeriesKey.of(namespace, t.tableName(), null, m), 1, from, to);
                if (!points.isEmpty()) first = Math.min(first, points.get(0).timestampMillis());
            }
        }
        if (first == Long.MAX_VALUE) return to - MIN_WINDOW_SECONDS * 1000L;
        return Math.max(from, Math.min(first - 5_000, to - MIN_WINDOW_SECONDS * 1000L));
    }

    private TableMetadata metadata(CapacitySnapshot.TableSnapshot t) {
        Engine inRegion = engine.inRegion(namespace.region());
        try {
            return inRegion.table(t.tableName());
        } catch (RuntimeException gone) {
            return null; // dropped since the snapshot
        }
    }

    private Map<String, Object> resource(String table, CapacitySnapshot.MapSnapshot m, TableMetadata meta, long from, long to,
                                         Map<String, ThrottleExplanation> explanations) {
        String index = m.index() ? m.name() : null;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", m.name());
        out.put("index", m.index());
        out.put("billing", m.billing().name());
        out.put("servingRead", m.servingRead());
        out.put("servingWrite", m.servingWrite());
        out.put("partitionCount", m.partitions().size());
        out.put("consumedRead", perSecond(SeriesKey.of(namespace, table, index, Metric.CONSUMED_READ_CAPACITY_UNITS), from, to, false));
        out.put("consumedWrite", perSecond(SeriesKey.of(namespace, table, index, Metric.CONSUMED_WRITE_CAPACITY_UNITS), from, to, false));
        Map<String, Object> throttles = new LinkedHashMap<>();
        for (Metric reason : REASONS) {
            SeriesKey key = SeriesKey.of(namespace, table, index, reason);
            if (store.count(key) == 0) continue;
            throttles.put(reason.cloudWatchName(), perSecond(key, from, to, false));
        }
        out.put("throttles", throttles);
        if (!m.index() && meta != null) {
            // a GSI that refuses the base table's write throttles the table's request (GSI back-pressure),
            // but the event is the index's: say so on the table, which otherwise looks unthrottled
            double refusedByIndexes = 0;
            for (var g : meta.globalIndexes()) {
                refusedByIndexes += sum(SeriesKey.of(namespace, table, g.name(), Metric.WRITE_THROTTLE_EVENTS), from, to);
            }
            out.put("refusedByIndexes", (long) refusedByIndexes);
        }
        out.put("heatmap", heatmap(table, index, m, from, to));
        out.put("topKeys", topKeys(meta, index, m));
        ThrottleExplanation e = explanations.get(index == null ? table : table + "/index/" + index);
        out.put("lastThrottle", e == null ? null : e.text());
        return out;
    }

    /** One value per second of the window, 0 where the series has none; a gauge's average, else the sum. */
    private List<Double> perSecond(SeriesKey key, long from, long to, boolean gauge) {
        double[] values = new double[(int) ((to - from) / 1000)];
        for (Datapoint d : store.statistics(key, 1, from, to)) {
            int i = (int) ((d.timestampMillis() - from) / 1000);
            if (i >= 0 && i < values.length) values[i] = gauge ? d.sum() / Math.max(1, d.sampleCount()) : d.sum();
        }
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) out.add(round(v));
        return out;
    }

    /**
     * Partitions × seconds: each partition's consumed share of its ceiling (reads weigh a third,
     * docs/RULES.md#CAP-PARTITION-LINEAR). Rows are every partition with history in the window, in
     * token order, so a split shows as a row that ends where its halves begin.
     */
    private Map<String, Object> heatmap(String table, String index, CapacitySnapshot.MapSnapshot m, long from, long to) {
        TreeMap<String, String> rows = new TreeMap<>(Comparator.comparingLong(DashboardState::tokenOf).thenComparing(p -> p));
        for (SeriesKey k : store.keys()) {
            if (k.partition() == null || k.metric() != Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS) continue;
            if (!table.equals(k.table()) || !java.util.Objects.equals(index, k.index()) || !namespace.equals(k.namespace())) continue;
            rows.put(k.partition(), k.partition());
        }
        List<String> current = new ArrayList<>();
        for (CapacitySnapshot.PartitionSnapshot p : m.partitions()) current.add(String.format(Locale.ROOT, "%016x", p.startToken()));
        List<Object> labels = new ArrayList<>();
        List<Object> cells = new ArrayList<>();
        double hottestShare = 0;
        String hottest = null;
        int row = 0;
        for (String partition : rows.values()) {
            String token = partition.contains("/") ? partition.substring(0, partition.indexOf('/')) : partition;
            int position = current.indexOf(token);
            labels.add(position < 0 ? token.substring(0, 4) + "… (before a split)"
                    : "#" + (position + 1) + " " + rangeLabel(token, position + 1 < current.size() ? current.get(position + 1) : null));
            List<Double> writes = perSecond(SeriesKey.partition(namespace, table, index, Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS, partition), from, to, false);
            List<Double> reads = perSecond(SeriesKey.partition(namespace, table, index, Metric.PARTITION_CONSUMED_READ_CAPACITY_UNITS, partition), from, to, false);
            for (int s = 0; s < writes.size(); s++) {
                double share = (writes.get(s) / Rules.PARTITION_WRITE_CEILING) + (reads.get(s) / Rules.PARTITION_READ_CEILING);
                if (share <= 0) continue;
                cells.add(List.of(s, row, round(share)));
                if (share >= hottestShare) {
                    hottestShare = share;
                    hottest = (String) labels.get(row);
                }
            }
            row++;
        }
        List<Object> splits = new ArrayList<>();
        List<Double> splitSeries = perSecond(SeriesKey.of(namespace, table, index, Metric.PARTITION_SPLITS), from, to, false);
        for (int s = 0; s < splitSeries.size(); s++) if (splitSeries.get(s) > 0) splits.add(s);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("partitions", labels);
        out.put("cells", cells);
        out.put("splits", splits);
        out.put("hottest", hottest);
        out.put("hottestShare", round(hottestShare));
        return out;
    }

    private static String rangeLabel(String startHex, String nextHex) {
        String end = nextHex == null ? "ffff" : String.format(Locale.ROOT, "%016x", Long.parseUnsignedLong(nextHex, 16) - 1).substring(0, 4);
        return startHex.substring(0, 4) + "…–" + end + "…";
    }

    /** A partition label's first token as the signed value the model orders by. */
    private static long tokenOf(String partition) {
        String token = partition.contains("/") ? partition.substring(0, partition.indexOf('/')) : partition;
        return Long.parseUnsignedLong(token, 16);
    }

    /**
     * Contributor Insights' top keys when the resource counts; else a hint how to turn it on. The
     * capacity model knows partitions, not keys, so without insights the panel names the hottest
     * partition's token range (the heat map's) as the best it can.
     */
    private Map<String, Object> topKeys(TableMetadata meta, String index, CapacitySnapshot.MapSnapshot m) {
        Map<String, Object> out = new LinkedHashMap<>();
        InsightsState state = meta == null ? null : meta.insights().of(index);
        InsightsStatus status = state == null ? null : state.resolvedAt(store.clock().now()).status();
        boolean enabled = status == InsightsStatus.ENABLED || status == InsightsStatus.ENABLING;
        out.put("enabled", enabled);
        if (enabled) {
            out.put("accessed", keys(meta, index, InsightsRule.PKC));
            out.put("throttled", keys(meta, index, InsightsRule.PKT));
        } else {
            out.put("hint", "aws dynamodb update-contributor-insights --table-name " + (meta == null ? "<table>" : meta.name())
                    + (index == null ? "" : " --index-name " + index)
                    + " --contributor-insights-action ENABLE --endpoint-url http://localhost:8000");
        }
        return out;
    }

    private List<Object> keys(TableMetadata meta, String index, InsightsRule rule) {
        List<Object> out = new ArrayList<>();
        for (TopKey k : engine.insights().topKeys(meta, index, rule, Duration.ofSeconds(WINDOW_SECONDS), TOP_KEYS)) {
            Map<String, Object> key = new LinkedHashMap<>();
            key.put("key", String.join(" / ", k.keys()));
            key.put("value", round(k.value()));
            out.add(key);
        }
        return out;
    }

    /**
     * The banner of a table throttled in the last {@link #BANNER_SECONDS} while it consumed less
     * than {@link #BANNER_SHARE} of what it serves (a second's average over the seconds it was used), naming the resource with the most throttles
     * (the table's own partitions or a GSI's) and its latest explanation; null if none is due.
     */
    private Map<String, Object> banner(CapacitySnapshot.TableSnapshot t, long to, Map<String, ThrottleExplanation> explanations) {
        long from = to - BANNER_SECONDS * 1000L;
        String table = t.tableName();
        CapacitySnapshot.MapSnapshot own = t.table();
        // averaged over the seconds the table was used: a burst after an idle spell is judged on its own rate
        List<Datapoint> reads = store.statistics(SeriesKey.of(namespace, table, null, Metric.CONSUMED_READ_CAPACITY_UNITS), 1, from, to);
        List<Datapoint> writes = store.statistics(SeriesKey.of(namespace, table, null, Metric.CONSUMED_WRITE_CAPACITY_UNITS), 1, from, to);
        java.util.Set<Long> busy = new java.util.HashSet<>();
        for (Datapoint d : reads) busy.add(d.timestampMillis());
        for (Datapoint d : writes) busy.add(d.timestampMillis());
        int seconds = Math.max(1, busy.size());
        double read = reads.stream().mapToDouble(Datapoint::sum).sum() / seconds;
        double write = writes.stream().mapToDouble(Datapoint::sum).sum() / seconds;
        double share = Math.max(own.servingRead() > 0 ? read / own.servingRead() : 0, own.servingWrite() > 0 ? write / own.servingWrite() : 0);
        String cause = null;
        double most = 0, total = 0;
        List<CapacitySnapshot.MapSnapshot> maps = new ArrayList<>(t.globalSecondaryIndexes());
        maps.add(0, own);
        for (CapacitySnapshot.MapSnapshot m : maps) {
            String index = m.index() ? m.name() : null;
            double throttled = sum(SeriesKey.of(namespace, table, index, Metric.READ_THROTTLE_EVENTS), from, to)
                    + sum(SeriesKey.of(namespace, table, index, Metric.WRITE_THROTTLE_EVENTS), from, to);
            total += throttled;
            if (throttled > most) {
                most = throttled;
                cause = index;
            }
        }
        if (total == 0 || share >= BANNER_SHARE) return null;
        ThrottleExplanation e = explanations.get(cause == null ? table : table + "/index/" + cause);
        String partition = e == null ? "" : String.format(Locale.ROOT, "partition %d of %d (tokens %016x..%016x)",
                e.partition() + 1, e.partitions(), e.firstToken(), e.lastToken());
        String where = cause == null ? "the table's own " + (e == null ? "partitions" : partition)
                : "GSI " + cause + (e == null ? "" : ", its " + partition);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("table", table);
        out.put("index", cause);
        out.put("sharePercent", round(100 * share));
        out.put("throttles", (long) total);
        out.put("headline", String.format(Locale.ROOT, "Table %s throttled %,d requests in the last minute while using %s%% of its %s: "
                        + "the cause is %s", table, (long) total, percentText(100 * share),
                own.billing() == BillingMode.PROVISIONED ? "provisioned capacity" : "on-demand ceiling",
                where));
        out.put("explanation", e == null ? null : e.text());
        return out;
    }

    private static String percentText(double percent) {
        return percent < 1 ? String.format(Locale.ROOT, "%.1f", percent) : String.format(Locale.ROOT, "%.0f", percent);
    }

    private double sum(SeriesKey key, long from, long to) {
        double sum = 0;
        for (Datapoint d : store.statistics(key, 1, from, to)) sum += d.sum();
        return sum;
    }

    private static double round(double v) { return Math.round(v * 1000) / 1000.0; }
}
