package io.keyline.bench.load;

/**
 * What one measured run produced. Latencies in microseconds; CPU per request in microseconds
 * (NaN when the process could not be read). Immutable.
 */
public record LoadResult(
        long requests,
        long errors,
        double seconds,
        double throughput,
        double p50Micros,
        double p99Micros,
        double p999Micros,
        double maxMicros,
        double serverCpuMicrosPerRequest,
        double clientCpuMicrosPerRequest,
        String firstError) {
}
