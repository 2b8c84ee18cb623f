/**
 * Metrics: DynamoDB's CloudWatch metrics (namespace {@code AWS/DynamoDB}: names, units,
 * dimensions, statistics) and Keyline's own, per table, per GSI and per operation, kept in
 * memory for a bounded time at one-second and one-minute resolution, read on the injected clock;
 * every series belongs to a namespace (account and region), as CloudWatch's metrics are regional.
 *
 * <p>{@link io.keyline.metrics.MetricsStore} holds the series and answers CloudWatch's
 * GetMetricStatistics question (resource, metric, period, time range → Sum, SampleCount,
 * Average, Minimum, Maximum). It is fed from three sides: {@link io.keyline.metrics.CapacityMetrics}
 * watches the capacity model (units charged, throttle events) through
 * {@link io.keyline.capacity.CapacityObserver}; {@link io.keyline.metrics.RequestMetrics} records
 * each finished request (latency, errors, returned items); {@link io.keyline.metrics.CapacitySampler}
 * samples levels (provisioned units, partitions, buckets) once a second, and
 * {@link io.keyline.metrics.Metrics#sampleAlso} sources sampled with it (the engine's index services).
 * {@link io.keyline.metrics.ThrottleReporter} turns throttles into explanations, at most one
 * per resource a second. {@link io.keyline.metrics.Metrics} wires them to one engine.
 *
 * <p>This package reads the capacity model; it never sits in its way: it depends on
 * {@code capacity}, {@code time} and nothing above them. docs/OBSERVABILITY.md lists the metrics.
 */
package io.keyline.metrics;
