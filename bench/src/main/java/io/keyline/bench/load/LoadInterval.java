package io.keyline.bench.load;

/**
 * The requests one slice of a measured window completed: where a tail comes from (a GC pause,
 * a flush, a neighbour) shows as a slice whose maximum stands out. {@code startMillis} counts
 * from the window's start. Immutable.
 */
public record LoadInterval(long startMillis, long requests, double p99Micros, double maxMicros) {
}
