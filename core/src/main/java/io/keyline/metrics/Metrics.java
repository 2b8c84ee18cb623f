package io.keyline.metrics;

import io.keyline.capacity.CapacityModel;
import io.keyline.capacity.CapacityObserver;
import io.keyline.capacity.LimitKind;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.ThrottleExplanation;
import io.keyline.time.Clock;
import java.util.function.Consumer;

/**
 * The metrics of one engine: the store, the observer attached to its capacity model, the request
 * recorder, the sampler and the throttle reporter. {@link #attach} wires them; with metrics off
 * ({@link MetricsSettings#enabled} false) nothing is recorded: only throttles reach the
 * observer, to be explained, and {@link #requests()} is null, so the request path pays nothing
 * beyond a null check. Thread-safe.
 */
public final class Metrics {
    private final MetricsStore store;
    private final RequestMetrics requests;
    private final CapacitySampler sampler;
    private final ThrottleReporter throttles;

    private Metrics(MetricsStore store, RequestMetrics requests, CapacitySampler sampler, ThrottleReporter throttles) {
        this.store = store;
        this.requests = requests;
        this.sampler = sampler;
        this.throttles = throttles;
    }

    /**
     * Starts keeping the metrics of {@code model}'s tables.
     *
     * @param accountQuotaRead  the account's provisioned quota in this region (docs/RULES.md#QUOTA-ACCOUNT)
     * @param throttleLog       where throttle explanations go (the server logs them)
     */
    public static Metrics attach(CapacityModel model, Clock clock, MetricsSettings settings, double accountQuotaRead,
                                 double accountQuotaWrite, Consumer<ThrottleExplanation> throttleLog) {
        MetricsStore store = new MetricsStore(clock, settings);
        ThrottleReporter throttles = new ThrottleReporter(model, clock, settings, throttleLog);
        if (!settings.enabled()) {
            // Throttles are still explained: they are rare, and the request path never sees the reporter.
            model.observe(new CapacityObserver() {
                @Override public void throttled(PartitionMap map, boolean write, LimitKind limit, int partition) {
                    throttles.throttled(map, write, limit, partition);
                }
            });
            return new Metrics(store, null, null, throttles);
        }
        model.observe(new CapacityMetrics(store, throttles));
        return new Metrics(store, new RequestMetrics(store),
                new CapacitySampler(model, store, accountQuotaRead, accountQuotaWrite), throttles);
    }

    public boolean enabled() { return requests != null; }

    public MetricsStore store() { return store; }

    /** Where finished requests are recorded, or null when metrics are off. */
    public RequestMetrics requests() { return requests; }

    /** Samples the capacity model's levels now (a no-op when metrics are off). */
    public void sample() { if (sampler != null) sampler.sample(); }

    public ThrottleReporter throttles() { return throttles; }
}
