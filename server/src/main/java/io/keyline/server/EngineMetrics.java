package io.keyline.server;

import io.keyline.engine.Engine;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.op.control.Throughputs;
import io.keyline.time.Clock;

/** Attaches the metrics to an engine the way a server runs them: account quota from DescribeLimits, throttles to {@link ThrottleLog}. */
public final class EngineMetrics {
    private EngineMetrics() {}

    /** The metrics of {@code engine}'s tables from now on (docs/RULES.md#QUOTA-ACCOUNT for the account's share). */
    public static Metrics attach(Engine engine, Clock clock, MetricsSettings settings) {
        return Metrics.attach(engine.capacity().model(), clock, settings, Throughputs.ACCOUNT_MAX_READ_CAPACITY_UNITS,
                Throughputs.ACCOUNT_MAX_WRITE_CAPACITY_UNITS, ThrottleLog::log);
    }
}
