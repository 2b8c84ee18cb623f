package io.keyline.metrics;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.CapacitySnapshot;
import io.keyline.metadata.BillingMode;
import io.keyline.metadata.Namespace;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Samples the capacity model's levels into the store, once per call (the server calls it every
 * second on its clock; tests call it when they like): ProvisionedRead/WriteCapacityUnits of
 * provisioned tables and GSIs, the account's provisioned share (AccountProvisionedRead/
 * WriteCapacityUtilization, docs/RULES.md#QUOTA-ACCOUNT), and Keyline's own: partition count,
 * splits since the last sample, and per partition the units consumed since the last sample
 * and what its bucket holds. Then it purges what is gone. One per namespace (account and region):
 * each has its own capacity model, its own account quota, and its own series.
 *
 * <p>Threading: {@link #sample} is synchronized (one sampler thread, or a test).
 */
public final class CapacitySampler {
    private final Namespace namespace;
    private final CapacityModel model;
    private final MetricsStore store;
    private final double accountQuotaRead;
    private final double accountQuotaWrite;
    /** Per map ("T" or "T/index/G"): partitions at the last sample. */
    private final Map<String, Integer> partitionCounts = new HashMap<>();
    /** Per partition series: the cumulative consumed units at the last sample. */
    private final Map<SeriesKey, Double> consumedBefore = new HashMap<>();

    /** @param accountQuotaRead the account's provisioned read quota in this region (80,000 by default) */
    public CapacitySampler(Namespace namespace, CapacityModel model, MetricsStore store, double accountQuotaRead, double accountQuotaWrite) {
        this.namespace = namespace;
        this.model = model;
        this.store = store;
        this.accountQuotaRead = accountQuotaRead;
        this.accountQuotaWrite = accountQuotaWrite;
    }

    public synchronized void sample() {
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
        consumedBefore.keySet().removeIf(k -> !livePartitions.contains(k));
        partitionCounts.keySet().removeIf(r -> !live.contains(r.contains("/index/") ? r.substring(0, r.indexOf("/index/")) : r));
        forgetOldPartitions(livePartitions);
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
        for (CapacitySnapshot.PartitionSnapshot p : m.partitions()) {
            String at = partitionLabel(p);
            SeriesKey read = SeriesKey.partition(namespace, table, index, Metric.PARTITION_CONSUMED_READ_CAPACITY_UNITS, at);
            SeriesKey write = SeriesKey.partition(namespace, table, index, Metric.PARTITION_CONSUMED_WRITE_CAPACITY_UNITS, at);
            livePartitions.add(read);
            livePartitions.add(write);
            store.record(read, p.consumedRead() - consumedBefore.getOrDefault(read, 0.0));
            store.record(write, p.consumedWrite() - consumedBefore.getOrDefault(write, 0.0));
            consumedBefore.put(read, p.consumedRead());
            consumedBefore.put(write, p.consumedWrite());
            SeriesKey banked = SeriesKey.partition(namespace, table, index, Metric.PARTITION_BANKED_UNITS, at);
            livePartitions.add(banked);
            store.record(banked, p.banked());
        }
    }

    /** A partition's label: its first token, and its first sort position when a split cut one key's items. */
    public static String partitionLabel(CapacitySnapshot.PartitionSnapshot p) {
        String token = String.format(Locale.ROOT, "%016x", p.startToken());
        return p.startSort() == Long.MIN_VALUE ? token : token + "/" + String.format(Locale.ROOT, "%016x", p.startSort());
    }

    /** Series of partitions replaced by splits are dropped once their last value is older than the minute retention. */
    private void forgetOldPartitions(Set<SeriesKey> livePartitions) {
        long horizon = store.clock().millis() - store.settings().minuteRetention().toMillis();
        for (SeriesKey k : store.keys()) {
            if (k.partition() != null && k.namespace().equals(namespace) && !livePartitions.contains(k) && store.lastMillis(k) < horizon) store.forget(k);
        }
    }
}
