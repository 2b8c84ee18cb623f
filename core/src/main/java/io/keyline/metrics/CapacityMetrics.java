package io.keyline.metrics;

import io.keyline.capacity.CapacityObserver;
import io.keyline.capacity.LimitKind;
import io.keyline.capacity.PartitionMap;
import io.keyline.metadata.Namespace;

/**
 * Watches the capacity model: each charge becomes ConsumedRead/WriteCapacityUnits of its table
 * or GSI, each throttle event Read/WriteThrottleEvents and the metric of its reason, so the
 * store's sums equal the model's counters exactly. Throttles also go to the
 * {@link ThrottleReporter}. One per namespace's capacity model: its series are that namespace's.
 * A charge, on every request, writes a series handle kept on the partition map: no key is built
 * and no map is searched. Thread-safe (the store, the reporter and the handles' volatile fields are).
 */
final class CapacityMetrics implements CapacityObserver {
    private final Namespace namespace;
    private final MetricsStore store;
    private final ThrottleReporter reporter;

    CapacityMetrics(Namespace namespace, MetricsStore store, ThrottleReporter reporter) {
        this.namespace = namespace;
        this.store = store;
        this.reporter = reporter;
    }

    @Override public void consumed(PartitionMap map, boolean write, double units) {
        MapSeries m = handles(map);
        Series s = write ? m.write : m.read;
        if (s == null || s.retired()) s = resolve(m, map, write);
        s.add(store.clock().millis(), units);
    }

    @Override public void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {
        store.record(key(map, write ? Metric.WRITE_THROTTLE_EVENTS : Metric.READ_THROTTLE_EVENTS), 1);
        store.record(key(map, Metric.throttleReason(write, limit)), 1);
        reporter.throttled(map, write, limit, partition);
    }

    /**
     * The consumed-units series of one table or GSI, kept on its partition map
     * ({@link PartitionMap#observerState}) and resolved on the map's first read or write charge
     * (each series is made on its first value, as {@link MetricsStore#record} makes it). Racing
     * resolutions find the same series in the store, so the last write of a field wins harmlessly.
     */
    private static final class MapSeries {
        final CapacityMetrics owner;
        volatile Series read;
        volatile Series write;

        MapSeries(CapacityMetrics owner) { this.owner = owner; }
    }

    private MapSeries handles(PartitionMap map) {
        if (map.observerState() instanceof MapSeries m && m.owner == this) return m;
        MapSeries m = new MapSeries(this); // another observer's (an engine watched twice): ours from now on
        map.observerState(m);
        return m;
    }

    private Series resolve(MapSeries m, PartitionMap map, boolean write) {
        Series s = store.series(key(map, write ? Metric.CONSUMED_WRITE_CAPACITY_UNITS : Metric.CONSUMED_READ_CAPACITY_UNITS));
        if (write) m.write = s;
        else m.read = s;
        return s;
    }

    private SeriesKey key(PartitionMap map, Metric metric) {
        return SeriesKey.of(namespace, map.tableName(), map.isIndex() ? map.name() : null, metric);
    }
}
