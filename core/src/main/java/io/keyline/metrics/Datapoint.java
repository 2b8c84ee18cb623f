package io.keyline.metrics;

/**
 * One period of one series, as CloudWatch's GetMetricStatistics returns a datapoint. Immutable.
 *
 * @param timestampMillis the period's start, epoch milliseconds (a multiple of the period)
 */
public record Datapoint(long timestampMillis, double sum, long sampleCount, double minimum, double maximum, Unit unit) {
    public double average() { return sampleCount == 0 ? 0 : sum / sampleCount; }

    /** This data point merged with another of the same series (a wider period). */
    Datapoint plus(Datapoint o) {
        return new Datapoint(timestampMillis, sum + o.sum, sampleCount + o.sampleCount,
                Math.min(minimum, o.minimum), Math.max(maximum, o.maximum), unit);
    }
}
