package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.engine.index.IndexLevels;
import io.keyline.metrics.Metric;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.metrics.SeriesKey;
import io.keyline.op.control.Throughputs;
import io.keyline.time.Clock;

/**
 * Attaches the metrics to an engine the way a server runs them: every namespace's capacity model
 * observed (the default one's and each region's as it appears), account quota from
 * DescribeLimits, throttles to {@link ThrottleLog}, and the index services' levels (GSI lag per
 * GSI, backfill progress, item-collection sizes: {@link IndexLevels}) sampled with the capacity.
 */
public final class EngineMetrics {
    private EngineMetrics() {}

    /**
     * The metrics of {@code engine}'s tables from now on (docs/RULES.md#QUOTA-ACCOUNT for the account's share),
     * with the TTL expirer's deletions as TimeToLiveDeletedItemCount.
     */
    public static Metrics attach(Engine engine, Clock clock, MetricsSettings settings) {
        Metrics metrics = Metrics.attach(engine.namespace(), region -> engine.inRegion(region).namespace(),
                engine.capacity().model(), clock, settings,
                Throughputs.ACCOUNT_MAX_READ_CAPACITY_UNITS, Throughputs.ACCOUNT_MAX_WRITE_CAPACITY_UNITS, ThrottleLog::log);
        engine.capacity().eachModel(metrics::observe);
        metrics.sampleAlso(new IndexLevels(engine.catalog(), engine.indexes(), clock)::sample);
        if (metrics.enabled()) {
            engine.expirer().onDeleted((table, items) -> metrics.store().record(
                    SeriesKey.of(table.namespace(), table.name(), null, Metric.TIME_TO_LIVE_DELETED_ITEM_COUNT), items));
        }
        return metrics;
    }
}
