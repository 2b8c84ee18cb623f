package io.keyline.server;

import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import io.keyline.storage.StorageHealth;
import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /metrics}: the metrics store in Prometheus' text format, written by the Prometheus
 * Java client's {@link PrometheusTextFormatWriter} from snapshots built at each scrape. Names are
 * {@link Metric#prometheusName()} (DynamoDB's CloudWatch name in snake case, {@code dynamodb_}
 * or {@code keyline_}); every series has the label {@code region} (of the namespace it measures:
 * two regions' tables of one name are two series), and its dimensions are the labels {@code table},
 * {@code index}, {@code operation} and {@code partition}. Counts and amounts are counters of everything since the series began
 * (Prometheus computes rates); latency is a summary (sum and count, in milliseconds); levels are
 * gauges with their last sampled value. Stateless; thread-safe.
 */
final class PrometheusExposition {
    static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;
    private static final PrometheusTextFormatWriter WRITER = PrometheusTextFormatWriter.create();

    private PrometheusExposition() {}

    static byte[] scrape(MetricsStore store) { return scrape(store, null); }

    /**
     * With the storage's state (null: not shown) as two series of Keyline's own without labels
     * (docs/RULES.md#STORAGE-RECOVERY): {@code keyline_storage_serving} (gauge: 1 serving, 0 down
     * and recovering) and {@code keyline_storage_recoveries_total} (reopens that brought it back).
     */
    static byte[] scrape(MetricsStore store, StorageHealth storage) {
        Map<Metric, List<SeriesKey>> byMetric = new EnumMap<>(Metric.class);
        for (SeriesKey k : store.keys()) byMetric.computeIfAbsent(k.metric(), m -> new ArrayList<>()).add(k);
        List<MetricSnapshot> families = new ArrayList<>();
        for (Map.Entry<Metric, List<SeriesKey>> e : byMetric.entrySet()) {
            Metric m = e.getKey();
            List<SeriesKey> keys = e.getValue();
            keys.sort(Comparator.comparing(SeriesKey::toString));
            String help = m.cloudWatchName() + (m.dynamoDb() ? " (AWS/DynamoDB, " : " (Keyline's own, ") + m.unit().cloudWatch() + ")";
            if (m.gauge()) {
                GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(m.prometheusName()).help(help);
                for (SeriesKey k : keys) {
                    b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels(k)).value(store.last(k)).build());
                }
                families.add(b.build());
            } else if (m.unit() == io.keyline.metrics.Unit.MILLISECONDS) {
                SummarySnapshot.Builder b = SummarySnapshot.builder().name(m.prometheusName()).help(help);
                for (SeriesKey k : keys) {
                    b.dataPoint(SummarySnapshot.SummaryDataPointSnapshot.builder().labels(labels(k))
                            .count(store.count(k)).sum(store.total(k)).build());
                }
                families.add(b.build());
            } else {
                CounterSnapshot.Builder b = CounterSnapshot.builder().name(m.prometheusName()).help(help);
                for (SeriesKey k : keys) {
                    b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels(k)).value(store.total(k)).build());
                }
                families.add(b.build());
            }
        }
        if (storage != null) {
            families.add(GaugeSnapshot.builder().name("keyline_storage_serving")
                    .help("1 while storage serves requests, 0 while it is down and being reopened (Keyline's own)")
                    .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().value(storage.serving() ? 1 : 0).build()).build());
            families.add(CounterSnapshot.builder().name("keyline_storage_recoveries")
                    .help("Times storage recovered from an error by reopening in place (Keyline's own)")
                    .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(storage.recoveries()).build()).build());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            WRITER.write(out, new MetricSnapshots(families), EscapingScheme.UNDERSCORE_ESCAPING);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }

    private static Labels labels(SeriesKey k) {
        List<String> names = new ArrayList<>(5), values = new ArrayList<>(5);
        names.add("region");
        values.add(k.namespace().region());
        if (k.table() != null) { names.add("table"); values.add(k.table()); }
        if (k.index() != null) { names.add("index"); values.add(k.index()); }
        if (k.operation() != null) { names.add("operation"); values.add(k.operation()); }
        if (k.partition() != null) { names.add("partition"); values.add(k.partition()); }
        return Labels.of(names, values);
    }
}
