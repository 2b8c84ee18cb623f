package io.keyline.bench.load;

import java.util.Comparator;
import java.util.List;

/**
 * What one measured run produced. Latencies in microseconds; CPU per request in microseconds
 * (NaN when the process could not be read); the timeline slices the window into
 * {@link LoadDriver#SLICE_MILLIS} ms intervals by completion time. Immutable.
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
        String firstError,
        List<LoadInterval> timeline) {

    public LoadResult {
        timeline = List.copyOf(timeline);
    }

    /** The slice with the slowest request, or null when the run kept no timeline. */
    public LoadInterval worstInterval() {
        return timeline.stream().max(Comparator.comparingDouble(LoadInterval::maxMicros)).orElse(null);
    }
}
