package io.keyline.metrics;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.CapacitySnapshot;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.Namespace;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Samples the capacity model's levels into the store, once per call (the server calls it every
 * second on its clock; tests call it when they like): ProvisionedRead/WriteCapacityUnits of
 * provisioned tables and GSIs, the account's provisioned share (AccountProvisionedRead/
 * WriteCapacityUtilization, docs/RULES.md#QUOTA-ACCOUNT), and Keyline's own: partition count,
 * splits since the last sample, and per partition the units consumed since the last sample
 * and what its bucket holds. Then it purges what is gone. One per namespace (account and region):
 * each has its own capacity model, its own account quota, and its own series. A partition's
 * series keys and handles are made once and kept while the partition lives, so a sample of a
 * table with hundreds of partitions builds no key and formats no label (it ran every second on
 * the server: about 1% of its CPU at 16,000 PutItems a second on a 200-partition table,
 * docs/BENCHMARKS.md).
 *
 * <p>Threading: {@link #sample} is synchronized (one sampler thread, or a test).
 */
public final class CapacitySampler {
    private static final long FORGET_EVERY_MILLIS = 60_000;

    private final Namespace namespace;
    private final CapacityModel model;
    private final MetricsStore store;
    private final double accountQuotaRead;
    private final double accountQuotaWrite;
    /** Per map ("T" or "T/index/G"): partitions at the last sample. */
    private final Map<String, Integer> partitionCounts = new HashMap<>();
    /** Per map ("T" or "T/index/G"), per partition: its series and its units at the last sample. */
    private final Map<String, Map<Position, PartitionSeries>> byResource = new HashMap<>();
    /** Counts samples, so that a partition not seen in this one (split, or its table gone) is dropped from the cache. */
    private long generation;
    /** When series of replaced partitions were last looked for: once a minute is enough for a 3-hour horizon. */
    private long forgotAt = Long.MIN_VALUE;

    /** @param accountQuotaRead the account's provisioned read quota in this region (80,000 by default) */
    public CapacitySampler(Namespace namespace, CapacityModel model, MetricsStore store, double accountQuotaRead, double accountQuotaWrite) {
        this.namespace = namespace;
        this.model = model;
        this.store = store;
        this.accountQuotaRead = accountQuotaRead;
        this.accountQuotaWrite = accountQuotaWrite;
    }

    public synchronized void sample() {
        generation++;
        CapacitySnapshot snapshot = model.snapshot();
        double provisionedRead = 0, provisionedWrite = 0;
        Set<String> live = new HashSet<>();
        Set<SeriesKey> livePartitions = new HashSet<>();
        for (CapacitySnapshot.TableSnapshot t : snapshot.tables()) {
            live.add(t.tableName());
            sampleMap(t.tableName(), null, t.table(), livePartitions);
            for (CapacitySnapshot.MapSnapshot g : t.globalSecondaryIndexes()) sampleMap(t.tableName(), g.name(), g, livePartitions);
            for (CapacitySnapshot.MapSnapshot m : maps(t)) {
                if (m.billing() != BillingMode.PROVISIONED) continue;
                provisionedRead += m.provisionedRead();
                provisionedWrite += m.provisionedWrite();
            }
        }
        store.record(SeriesKey.account(namespace, Metric.ACCOUNT_PROVISIONED_READ_CAPACITY_UTILIZATION), 100 * provisionedRead / accountQuotaRead);
        store.record(SeriesKey.account(namespace, Metric.ACCOUNT_PROVISIONED_WRITE_CAPACITY_UTILIZATION), 100 * provisionedWrite / accountQuotaWrite);
        for (Map<Position, PartitionSeries> known : byResource.values()) known.values().removeIf(p -> p.sampled != generation);
        byResource.values().removeIf(Map::isEmpty);
        partitionCounts.keySet().removeIf(r -> !live.contains(r.contains("/index/") ? r.substring(0, r.indexOf("/index/")) : r));
        long now = store.clock().millis();
        if (forgotAt == Long.MIN_VALUE || now - forgotAt >= FORGET_EVERY_MILLIS || now < forgotAt) {
            forgotAt = now;
            forgetOldPartitions(livePartitions);
        }
        store.purge(namespace, live);
    }

    private static java.util.List<CapacitySnapshot.MapSnapshot> maps(CapacitySnapshot.TableSnapshot t) {
        java.util.List<CapacitySnapshot.MapSnapshot> all = new java.util.ArrayList<>(t.globalSecondaryIndexes());
        all.add(0, t.table());
        return all;
    }

    private void sampleMap(String table, String index, CapacitySnapshot.MapSnapshot m, Set<SeriesKey> livePartitions) {
        if (m.billing() == BillingMode.PROVISIONED) {
            store.record(SeriesKey.of(namespace, table, index, Metric.PROVISIONED_READ_CAPACITY_UNITS), m.provisionedRead());
            store.record(SeriesKey.of(namespace, table, index, Metric.PROVISIONED_WRITE_CAPACITY_UNITS), m.provisionedWrite());
        }
        int partitions = m.partitions().size();
        store.record(SeriesKey.of(namespace, table, index, Metric.PARTITION_COUNT), partitions);
        String resource = index == null ? table : table + "/index/" + index;
        Integer before = partitionCounts.put(resource, partitions);
        store.record(SeriesKey.of(namespace, table, index, Metric.PARTITION_SPLITS), before == null ? 0 : Math.max(0, partitions - before));
        Map<Position, PartitionSeries> known = byResource.computeIfAbsent(resource, r -> new HashMap<>());
        long now = store.clock().millis();
        for (CapacitySnapshot.PartitionSnapshot p : m.partitions()) {
            Position at = new Position(p.startToken(), p.startSort());
            PartitionSeries series = known.get(at);
            if (series == null) {
                series = new PartitionSeries(namespace, table, index, partitionLabel(p));
                known.put(at, series);
            }
            series.sampled = generation;
            series.record(store, now, p);
            livePartitions.add(series.read);
            livePartitions.add(series.write);
            livePartitions.add(series.banked);
        }
    }

    /** A partition's label: its first token, and its first sort position when a split cut one key's items. */
    public static String partitionLabel(CapacitySnapshot.PartitionSnapshot p) {
        String token = hex16(p.startToken());
        return p.startSort() == Long.MIN_VALUE ? token : token + "/" + hex16(p.startSort());
    }

    /** {@code %016x} without the formatter (it ran for every partition every second). */
    private static String hex16(long v) {
        String hex = Long.toHexString(v);
        return hex.length() == 16 ? hex : "0".repeat(16 - hex.length()) + hex;
    }

    /** Where a partition starts in its map: its identity from one sample to the next. */
    private record Position(long token, long sort) {
        @Override public int hashCode() { return Long.hashCode(token) * 31 + Long.hashCode(sort); }
        @Override public boolean equals(Object o) { return o instanceof Position q && q.token == token && q.sort == sort; }
    }

    /**
     * One partition's three series, their keys built once, their handles kept (re-resolved when the
     * store retires one), and the cumulative consumed units at the last sample.
     */
    private static final class PartitionSeries {
        final SeriesKey read;
        final SeriesKey write;
        final SeriesKey banked;
        Series readSeries;
        Series writeSeries;
        Series bankedSeries;
        double readBefore;
        double writeBefore;
        long sampled;

        PartitionSeries(Namespace ns, String table, String index, String label) {
            read = SeriesKey.partition(ns, table, index, Metric.PARTITION_CONSUMED_READ_CAPACITY_UNITS, label);
            write = SeriesKey.partition(ns, table, index, Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS, label);
            banked = SeriesKey.partition(ns, table, index, Metric.PARTITION_BANKED_UNITS, label);
        }

        void record(MetricsStore store, long now, CapacitySnapshot.PartitionSnapshot p) {
            if (readSeries == null || readSeries.retired()) readSeries = store.series(read);
            if (writeSeries == null || writeSeries.retired()) writeSeries = store.series(write);
            if (bankedSeries == null || bankedSeries.retired()) bankedSeries = store.series(banked);
            readSeries.add(now, p.consumedRead() - readBefore);
            writeSeries.add(now, p.consumedWrite() - writeBefore);
            bankedSeries.add(now, p.banked());
            readBefore = p.consumedRead();
            writeBefore = p.consumedWrite();
        }
    }

    /** Series of partitions replaced by splits are dropped once their last value is older than the minute retention. */
    private void forgetOldPartitions(Set<SeriesKey> livePartitions) {
        long horizon = store.clock().millis() - store.settings().minuteRetention().toMillis();
        for (SeriesKey k : store.keys()) {
            if (k.partition() != null && k.namespace().equals(namespace) && !livePartitions.contains(k) && store.lastMillis(k) < horizon) store.forget(k);
        }
    }
}
