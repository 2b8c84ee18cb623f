package io.keyline.metrics;

/** CloudWatch's statistics of a period (GetMetricStatistics' {@code Statistics}). */
public enum Statistic {
    SUM("Sum"), SAMPLE_COUNT("SampleCount"), AVERAGE("Average"), MINIMUM("Minimum"), MAXIMUM("Maximum");

    private final String cloudWatch;

    Statistic(String cloudWatch) { this.cloudWatch = cloudWatch; }

    public String cloudWatch() { return cloudWatch; }

    /** This statistic of a data point. */
    public double of(Datapoint d) {
        return switch (this) {
            case SUM -> d.sum();
            case SAMPLE_COUNT -> d.sampleCount();
            case AVERAGE -> d.average();
            case MINIMUM -> d.minimum();
            case MAXIMUM -> d.maximum();
        };
    }
}
