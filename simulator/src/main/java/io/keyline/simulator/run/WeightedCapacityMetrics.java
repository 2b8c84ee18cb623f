package io.keyline.simulator.run;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.CapacityObserver;
import io.keyline.capacity.LimitKind;
import io.keyline.capacity.PartitionMap;
import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.SeriesKey;
import io.keyline.time.Clock;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The run's watcher of the capacity model: what the metrics layer's own watcher records
 * (ConsumedRead/WriteCapacityUnits, Read/WriteThrottleEvents and the event's reason metric, per
 * table and GSI, into the same {@link MetricsStore}), with each throttle event counted as the
 * weight of the request it refused: units are weighted by the model already, events are not.
 * Unsampled, every figure equals the model's own counters. Per table and GSI it also keeps the
 * busiest simulated second's units and the ratios between weighted and executed figures, with
 * which the report scales counts the model keeps per executed request (partitions' throttles,
 * Contributor Insights' keys).
 *
 * <p>Threading: the model calls it on the request thread, and a run has one.
 */
final class WeightedCapacityMetrics implements CapacityObserver {
    private final MetricsStore store;
    private final CapacityModel model;
    private final Clock clock;
    private final Map<PartitionMap, Tally> tallies = new IdentityHashMap<>();

    /** One table's or GSI's figures; index 0 reads, 1 writes. */
    static final class Tally {
        final double[] weightedUnits = new double[2];
        final double[] executedUnits = new double[2];
        double weightedThrottles;
        long executedThrottles;
        final double[] peakPerSecond = new double[2];
        private final double[] thisSecond = new double[2];
        private long second = Long.MIN_VALUE;

        /** Weighted over executed units (1 when nothing was executed): scales what the model counted per executed request. */
        double unitRatio(boolean write) {
            int i = write ? 1 : 0;
            return executedUnits[i] > 0 ? weightedUnits[i] / executedUnits[i] : 1.0;
        }

        /** Weighted over executed units, reads and writes together. */
        double unitRatio() {
            double executed = executedUnits[0] + executedUnits[1];
            return executed > 0 ? (weightedUnits[0] + weightedUnits[1]) / executed : 1.0;
        }

        double throttleRatio() { return executedThrottles > 0 ? weightedThrottles / executedThrottles : 1.0; }

        private void units(int i, double weighted, double weight, long now) {
            weightedUnits[i] += weighted;
            executedUnits[i] += weighted / weight;
            if (now != second) {
                closeSecond();
                second = now;
            }
            thisSecond[i] += weighted;
        }

        void closeSecond() {
            for (int i = 0; i < 2; i++) {
                peakPerSecond[i] = Math.max(peakPerSecond[i], thisSecond[i]);
                thisSecond[i] = 0;
            }
        }
    }

    WeightedCapacityMetrics(MetricsStore store, CapacityModel model, Clock clock) {
        this.store = store;
        this.model = model;
        this.clock = clock;
    }

    @Override public void consumed(PartitionMap map, boolean write, double units) {
        store.record(key(map, write ? Metric.CONSUMED_WRITE_CAPACITY_UNITS : Metric.CONSUMED_READ_CAPACITY_UNITS), units);
        tally(map).units(write ? 1 : 0, units, model.requestWeight(), clock.nanos() / 1_000_000_000L);
    }

    @Override public void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {
        double weight = model.requestWeight();
        store.record(key(map, write ? Metric.WRITE_THROTTLE_EVENTS : Metric.READ_THROTTLE_EVENTS), weight);
        store.record(key(map, Metric.throttleReason(write, limit)), weight);
        Tally t = tally(map);
        t.weightedThrottles += weight;
        t.executedThrottles++;
    }

    /** The figures of a table's or GSI's map (zeros if it saw nothing). */
    Tally of(PartitionMap map) {
        Tally t = tally(map);
        t.closeSecond();
        return t;
    }

    private Tally tally(PartitionMap map) { return tallies.computeIfAbsent(map, m -> new Tally()); }

    static SeriesKey key(PartitionMap map, Metric metric) {
        return SeriesKey.of(Metrics.LOCAL, map.tableName(), map.isIndex() ? map.name() : null, metric);
    }
}
