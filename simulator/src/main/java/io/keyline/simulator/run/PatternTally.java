package io.keyline.simulator.run;

import io.keyline.simulator.report.PatternReport;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What the simulated client saw of one access pattern, per executed request; {@link #report}
 * scales the counts by the pattern's weight (1 / its sample fraction). Latency is recorded in
 * microseconds in an HdrHistogram (3 significant digits, up to an hour); every request of a
 * pattern has the same weight, so its percentiles need no scaling. Not thread-safe.
 */
final class PatternTally {
    private static final long MAX_LATENCY_MICROS = TimeUnit.HOURS.toMicros(1);

    private final Workload.Pattern pattern;
    private final double weight;
    long requests;
    long succeeded;
    long throttledAttempts;
    long failed;
    final Map<String, Long> errors = new TreeMap<>();
    double readUnits;
    double writeUnits;
    long itemsReturned;
    long itemsScanned;
    long pages;
    private final Histogram latency = new Histogram(MAX_LATENCY_MICROS, 3);

    PatternTally(Workload.Pattern pattern, double weight) {
        this.pattern = pattern;
        this.weight = weight;
    }

    double weight() { return weight; }

    Workload.Pattern pattern() { return pattern; }

    void failed(String error) {
        failed++;
        errors.merge(error, 1L, Long::sum);
    }

    void latency(long nanos) {
        latency.recordValue(Math.min(MAX_LATENCY_MICROS, Math.max(1, TimeUnit.NANOSECONDS.toMicros(nanos))));
    }

    PatternReport report() {
        Map<String, Long> scaledErrors = new TreeMap<>();
        errors.forEach((k, v) -> scaledErrors.put(k, scaled(v)));
        return new PatternReport(pattern.name(), pattern.operation(), pattern.table(), pattern.index(), scaled(requests),
                scaled(succeeded), scaled(throttledAttempts), scaled(failed), scaledErrors, readUnits * weight,
                writeUnits * weight, scaled(itemsReturned), scaled(itemsScanned), scaled(pages), latencyReport());
    }

    private long scaled(long executed) { return Math.round(executed * weight); }

    private PatternReport.Latency latencyReport() {
        if (latency.getTotalCount() == 0) return new PatternReport.Latency(0, 0, 0, 0, 0, 0, encoded());
        return new PatternReport.Latency(millis(latency.getValueAtPercentile(50)), millis(latency.getValueAtPercentile(90)),
                millis(latency.getValueAtPercentile(99)), millis(latency.getValueAtPercentile(99.9)),
                millis(latency.getMaxValue()), latency.getMean() / 1_000.0, encoded());
    }

    private static double millis(long micros) { return micros / 1_000.0; }

    private String encoded() {
        ByteBuffer buffer = ByteBuffer.allocate(latency.getNeededByteBufferCapacity());
        int length = latency.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
