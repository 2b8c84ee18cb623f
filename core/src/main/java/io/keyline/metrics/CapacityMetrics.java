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
 * Thread-safe (the store and the reporter are).
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
        store.record(key(map, write ? Metric.CONSUMED_WRITE_CAPACITY_UNITS : Metric.CONSUMED_READ_CAPACITY_UNITS), units);
    }

    @Override public void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {
        store.record(key(map, write ? Metric.WRITE_THROTTLE_EVENTS : Metric.READ_THROTTLE_EVENTS), 1);
        store.record(key(map, Metric.throttleReason(write, limit)), 1);
        reporter.throttled(map, write, limit, partition);
    }

    private SeriesKey key(PartitionMap map, Metric metric) {
        return SeriesKey.of(namespace, map.tableName(), map.isIndex() ? map.name() : null, metric);
    }
}
