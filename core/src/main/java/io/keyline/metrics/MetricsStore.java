package io.keyline.metrics;

import io.keyline.metadata.Namespace;
import io.keyline.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every series, by {@link SeriesKey}, each at one-second and one-minute resolution for the
 * retention {@link MetricsSettings} says, timestamped on the injected clock's wall time. The
 * read side answers as CloudWatch's GetMetricStatistics does: per series, per period (one
 * second, or a multiple of a minute), over a time range, with the five statistics in each data
 * point ({@link Datapoint}); {@link #keys} lists what exists (ListMetrics), the totals feed
 * Prometheus counters and {@link #last} its gauges.
 *
 * <p>Memory: a series is made on its first value and has a fixed size (about 40 bytes per slot:
 * 900 + 180 with the defaults); a table's series are counted by its metrics and operations, not by
 * its traffic. When a table is gone ({@link #purge}), its series stay readable for the minute
 * retention, as CloudWatch keeps a deleted table's metrics, then {@link #purge} drops them.
 *
 * <p>Threading: thread-safe. Recording finds the series in a concurrent map (or holds it: the
 * request path's recorders keep handles, {@link #series}) and takes one lock of that series,
 * which stripes itself when writers meet ({@link Series}); there is no global lock per request,
 * nor one per table. A dropped series is marked retired, so a kept handle is resolved again.
 */
public final class MetricsStore {
    private final Clock clock;
    private final MetricsSettings settings;
    private final Map<SeriesKey, Series> series = new ConcurrentHashMap<>();
    /** Tables gone, by the wall-clock millisecond they went. */
    private final Map<RetiredTable, Long> retired = new ConcurrentHashMap<>();

    private record RetiredTable(Namespace namespace, String table) {}

    public MetricsStore(Clock clock, MetricsSettings settings) {
        this.clock = clock;
        this.settings = settings;
    }

    public Clock clock() { return clock; }

    public MetricsSettings settings() { return settings; }

    /** Adds one value to a series (a count of 1, the units of a request, a sampled level). */
    public void record(SeriesKey key, double value) {
        series(key).add(clock.millis(), value);
    }

    /**
     * The series of {@code key}, made if absent: a handle the request path's recorders keep
     * ({@link CapacityMetrics} per partition map, {@link RequestMetrics} per table and operation)
     * so that a value costs no key and no map lookup, until {@link Series#retired} says the store
     * dropped it. A series is made on its first value, so resolve a handle only to add one.
     */
    Series series(SeriesKey key) {
        Series s = series.get(key);
        return s != null ? s : series.computeIfAbsent(key, k -> new Series(k.metric().unit(), settings.secondSlots(), settings.minuteSlots()));
    }

    /**
     * CloudWatch's GetMetricStatistics for one series: the data points of the periods that start
     * in [from, to), oldest first, periods without values left out. {@code periodSeconds} is 1
     * (one-second data) or a multiple of 60 (one-minute data merged); anything else is refused.
     */
    public List<Datapoint> statistics(SeriesKey key, long periodSeconds, long fromMillis, long toMillis) {
        Period base = Period.ofSeconds(periodSeconds);
        if (base == null) throw new IllegalArgumentException("period must be 1 or a multiple of 60 seconds: " + periodSeconds);
        Series s = series.get(key);
        if (s == null) return List.of();
        List<Datapoint> points = s.points(base, fromMillis, toMillis, clock.millis());
        long periodMillis = periodSeconds * 1_000L;
        if (periodMillis == base.millis()) return points;
        List<Datapoint> merged = new ArrayList<>();
        for (Datapoint d : points) {
            long start = Math.floorDiv(d.timestampMillis(), periodMillis) * periodMillis;
            Datapoint at = new Datapoint(start, d.sum(), d.sampleCount(), d.minimum(), d.maximum(), d.unit());
            int lastIndex = merged.size() - 1;
            if (lastIndex >= 0 && merged.get(lastIndex).timestampMillis() == start) merged.set(lastIndex, merged.get(lastIndex).plus(at));
            else merged.add(at);
        }
        return merged;
    }

    /** Every series that exists now (ListMetrics). */
    public Set<SeriesKey> keys() { return Set.copyOf(series.keySet()); }

    /** The sum of every value since the series began (a Prometheus counter), 0 if none. */
    public double total(SeriesKey key) {
        Series s = series.get(key);
        return s == null ? 0 : s.totalSum();
    }

    /** How many values the series has had. */
    public long count(SeriesKey key) {
        Series s = series.get(key);
        return s == null ? 0 : s.totalCount();
    }

    /** The last value of a series (a gauge's level), NaN if none. */
    public double last(SeriesKey key) {
        Series s = series.get(key);
        return s == null ? Double.NaN : s.last();
    }

    /**
     * Drops the series of namespace {@code ns}'s tables that have not been in {@code liveTables}
     * for the minute retention: a table seen gone is noted, and forgotten once the retention has
     * passed (a table of the same name created meanwhile keeps them). Other namespaces' series
     * are not touched.
     */
    public void purge(Namespace ns, Set<String> liveTables) {
        long now = clock.millis();
        long keep = settings.minuteRetention().toMillis();
        retired.keySet().removeIf(t -> t.namespace().equals(ns) && liveTables.contains(t.table()));
        for (SeriesKey k : series.keySet()) {
            if (k.table() != null && k.namespace().equals(ns) && !liveTables.contains(k.table())) {
                retired.putIfAbsent(new RetiredTable(ns, k.table()), now);
            }
        }
        for (Map.Entry<RetiredTable, Long> e : retired.entrySet()) {
            if (now - e.getValue() < keep) continue;
            RetiredTable gone = e.getKey();
            series.entrySet().removeIf(k -> gone.table().equals(k.getKey().table())
                    && gone.namespace().equals(k.getKey().namespace()) && k.getValue().retire());
            retired.remove(gone, e.getValue());
        }
    }

    /** Drops the series of one partition (a partition replaced by a split; its history has aged out). */
    void forget(SeriesKey key) {
        Series s = series.remove(key);
        if (s != null) s.retire();
    }

    /** The last time a series was written, epoch ms, or Long.MIN_VALUE. */
    long lastMillis(SeriesKey key) {
        Series s = series.get(key);
        return s == null ? Long.MIN_VALUE : s.lastMillis();
    }
}
