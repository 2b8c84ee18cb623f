package io.keyline.server.cloudwatch;

import io.keyline.metrics.Datapoint;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import io.keyline.metrics.Statistic;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CloudWatch's statistics over the store's data points, shared by GetMetricStatistics and
 * GetMetricData: the periods CloudWatch takes (1, 5, 10, 30 seconds for one-second data and any
 * multiple of 60), the five standard statistics and percentiles ({@code p0} to {@code p100}).
 * The store keeps a statistic set per period (sum, count, minimum, maximum), not the values, so
 * a percentile is known only where CloudWatch itself knows it for a statistic set: p0 is the
 * minimum, p100 the maximum, and any percentile of a period whose count is 1 or whose minimum
 * equals its maximum is that value; elsewhere it is absent, as CloudWatch leaves it out
 * (AWS's GetMetricStatistics reference: "CloudWatch needs raw data points to calculate
 * percentile statistics"). docs/RULES.md#CW-PERIOD, #CW-PERCENTILES. Stateless.
 */
final class Statistics {
    static final String STANDARD = "Minimum, Maximum, Average, SampleCount, Sum";
    private static final Pattern PERCENTILE = Pattern.compile("p(\\d{1,3}(?:\\.\\d{1,10})?)");

    private Statistics() {}

    /** Whether CloudWatch takes this period: 1, 5, 10, 30 or a positive multiple of 60. */
    static boolean validPeriod(long seconds) {
        return seconds == 1 || seconds == 5 || seconds == 10 || seconds == 30 || (seconds >= 60 && seconds % 60 == 0);
    }

    static void checkPeriod(long seconds, String parameter) {
        if (seconds < 1) throw CloudWatchError.invalidParameterValue("The parameter " + parameter + " must be greater than 0.");
        if (!validPeriod(seconds)) {
            throw CloudWatchError.invalidParameterValue("The parameter " + parameter + " must be 1, 5, 10, 30, or a multiple of 60.");
        }
    }

    /**
     * The data points of one series at {@code periodSeconds} over [from, to), oldest first:
     * the store's own for 1 s and multiples of 60, one-second data merged for 5, 10 and 30.
     */
    static List<Datapoint> points(MetricsStore store, SeriesKey key, long periodSeconds, long fromMillis, long toMillis) {
        if (periodSeconds == 1 || periodSeconds % 60 == 0) return store.statistics(key, periodSeconds, fromMillis, toMillis);
        long periodMillis = periodSeconds * 1_000L;
        List<Datapoint> merged = new ArrayList<>();
        for (Datapoint d : store.statistics(key, 1, fromMillis, toMillis)) {
            long start = Math.floorDiv(d.timestampMillis(), periodMillis) * periodMillis;
            int last = merged.size() - 1;
            if (last >= 0 && merged.get(last).timestampMillis() == start) {
                Datapoint m = merged.get(last);
                merged.set(last, new Datapoint(start, m.sum() + d.sum(), m.sampleCount() + d.sampleCount(),
                        Math.min(m.minimum(), d.minimum()), Math.max(m.maximum(), d.maximum()), d.unit()));
            } else {
                merged.add(new Datapoint(start, d.sum(), d.sampleCount(), d.minimum(), d.maximum(), d.unit()));
            }
        }
        return merged;
    }

    /** The standard statistic of a CloudWatch name, or null. */
    static Statistic standard(String name) {
        for (Statistic s : Statistic.values()) if (s.cloudWatch().equals(name)) return s;
        return null;
    }

    /** The percentile of {@code pNN.NN}, or null if the text is not one (or is out of 0..100). */
    static Double percentile(String name) {
        Matcher m = PERCENTILE.matcher(name);
        if (!m.matches()) return null;
        double p = Double.parseDouble(m.group(1));
        return p <= 100 ? p : null;
    }

    /** A statistic's value in a data point: standard or percentile; null where it is not known. */
    static Double value(String stat, Datapoint d) {
        Statistic s = standard(stat);
        if (s != null) return s.of(d);
        Double p = percentile(stat);
        if (p == null) return null;
        if (p == 0) return d.minimum();
        if (p == 100) return d.maximum();
        return d.sampleCount() == 1 || d.minimum() == d.maximum() ? d.minimum() : null;
    }
}
