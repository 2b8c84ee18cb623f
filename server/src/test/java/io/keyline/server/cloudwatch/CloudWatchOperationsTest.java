package io.keyline.server.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.metrics.Metric;
import io.keyline.metrics.MetricsSettings;
import io.keyline.metrics.MetricsStore;
import io.keyline.metrics.SeriesKey;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The three operations over a metrics store filled by hand on the manual clock, through the
 * query protocol's form (the protocol whose leaves are all strings): statistics, percentiles,
 * periods below a minute, units, paging and CloudWatch's refusals.
 */
class CloudWatchOperationsTest {
    static final io.keyline.metadata.Namespace NS = new io.keyline.metadata.Namespace("000000000000", "us-east-1");
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    final ManualClock clock = new ManualClock(T0);
    final MetricsStore store = new MetricsStore(clock, MetricsSettings.defaults());
    final SeriesKey writes = SeriesKey.of(NS, "Orders", null, Metric.CONSUMED_WRITE_CAPACITY_UNITS);

    private Map<String, Object> call(String operation, String form) {
        Map<String, Object> in = QueryForm.parse(form);
        Params p = Params.root(in);
        return switch (operation) {
            case "GetMetricStatistics" -> new GetMetricStatistics(store).run(NS, p);
            case "GetMetricData" -> new GetMetricData(store).run(NS, p);
            default -> new ListMetrics(store).run(NS, p);
        };
    }

    private static final String STATS = "Namespace=AWS/DynamoDB&MetricName=ConsumedWriteCapacityUnits"
            + "&Dimensions.member.1.Name=TableName&Dimensions.member.1.Value=Orders"
            + "&StartTime=2026-01-01T00:00:00Z&EndTime=2026-01-01T00:10:00Z";

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> datapoints(Map<String, Object> out) {
        return (List<Map<String, Object>>) out.get("Datapoints");
    }

    @Test void theFormBecomesNestedListsAndStructures() {
        Map<String, Object> tree = QueryForm.parse("A=1&L.member.2=b&L.member.1=a&Q.member.1.S.M.D.member.1.Name=n&Q.member.1.Id=x");
        assertThat(tree.get("L")).isEqualTo(List.of("a", "b"));
        assertThat(tree.toString()).isEqualTo("{A=1, L=[a, b], Q=[{S={M={D=[{Name=n}]}}, Id=x}]}");
    }

    @Test void timestampsInEachFormTheProtocolsSend() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("iso", "2026-01-01T00:00:00Z");
        m.put("isoMillis", "2026-01-01T00:00:00.500Z");
        m.put("noZone", "2026-01-01T00:00:00");
        m.put("offset", "2026-01-01T01:00:00+01:00");
        m.put("epoch", new java.math.BigDecimal("1767225600.5"));
        m.put("epochText", "1767225600");
        Params p = Params.root(m);
        assertThat(p.timestamp("iso")).isEqualTo(T0);
        assertThat(p.timestamp("isoMillis")).isEqualTo(T0.plusMillis(500));
        assertThat(p.timestamp("noZone")).isEqualTo(T0);
        assertThat(p.timestamp("offset")).isEqualTo(T0);
        assertThat(p.timestamp("epoch")).isEqualTo(T0.plusMillis(500));
        assertThat(p.timestamp("epochText")).isEqualTo(T0);
        m.put("bad", "yesterday");
        assertThatThrownBy(() -> p.timestamp("bad")).hasMessage("The parameter bad must be a valid timestamp.");
    }

    @Test void percentilesOnlyWhereAStatisticSetDeterminesThem() {
        clock.advance(Duration.ofSeconds(5));
        store.record(writes, 2);
        store.record(writes, 4);
        clock.advance(Duration.ofSeconds(60));
        store.record(writes, 3);
        Map<String, Object> out = call("GetMetricStatistics", STATS + "&Period=60"
                + "&ExtendedStatistics.member.1=p0&ExtendedStatistics.member.2=p50&ExtendedStatistics.member.3=p100");
        List<Map<String, Object>> points = datapoints(out);
        assertThat(((QueryXml.XmlMap) points.get(0).get("ExtendedStatistics")).entries()).isEqualTo(Map.of("p0", 2.0, "p100", 4.0));
        assertThat(((QueryXml.XmlMap) points.get(1).get("ExtendedStatistics")).entries()).isEqualTo(Map.of("p0", 3.0, "p50", 3.0, "p100", 3.0));
        assertThat(points.get(0)).doesNotContainKey("Sum");

        assertThatThrownBy(() -> call("GetMetricStatistics", STATS + "&Period=60&ExtendedStatistics.member.1=p101"))
                .hasMessage("The parameter ExtendedStatistics.member.1 must be a percentile between p0.0 and p100.");
        assertThatThrownBy(() -> call("GetMetricStatistics", STATS + "&Period=60&Statistics.member.1=Sum&ExtendedStatistics.member.1=p99"))
                .isInstanceOfSatisfying(CloudWatchError.class, e -> assertThat(e.code()).isEqualTo("InvalidParameterCombination"));
    }

    @Test void periodsBelowAMinuteReadTheOneSecondData() {
        for (int s = 0; s < 12; s++) {
            store.record(writes, 1);
            clock.advance(Duration.ofSeconds(1));
        }
        List<Map<String, Object>> points = datapoints(call("GetMetricStatistics", STATS + "&Period=5&Statistics.member.1=Sum"));
        assertThat(points).extracting(p -> p.get("Sum")).containsExactly(5.0, 5.0, 2.0);
        assertThat(points).extracting(p -> p.get("Timestamp")).containsExactly(T0, T0.plusSeconds(5), T0.plusSeconds(10));
        assertThat(datapoints(call("GetMetricStatistics", STATS + "&Period=1&Statistics.member.1=Sum"))).hasSize(12);
        assertThatThrownBy(() -> call("GetMetricStatistics", STATS + "&Period=0&Statistics.member.1=Sum"))
                .hasMessage("The parameter Period must be greater than 0.");
    }

    @Test void aUnitOtherThanTheMetricsOrAPartialDimensionSetFindsNothing() {
        store.record(writes, 1);
        clock.advance(Duration.ofSeconds(1));
        assertThat(datapoints(call("GetMetricStatistics", STATS + "&Period=60&Statistics.member.1=Sum&Unit=Count"))).hasSize(1);
        assertThat(datapoints(call("GetMetricStatistics", STATS + "&Period=60&Statistics.member.1=Sum&Unit=Bytes"))).isEmpty();
        assertThat(datapoints(call("GetMetricStatistics", STATS.replace("&Dimensions.member.1.Name=TableName&Dimensions.member.1.Value=Orders", "")
                + "&Period=60&Statistics.member.1=Sum"))).isEmpty();
        assertThat(datapoints(call("GetMetricStatistics", STATS.replace("AWS/DynamoDB", "AWS/EC2") + "&Period=60&Statistics.member.1=Sum"))).isEmpty();
        assertThatThrownBy(() -> call("GetMetricStatistics", STATS + "&Period=60&Statistics.member.1=Sum&Unit=Parsecs"))
                .hasMessageStartingWith("The parameter Unit must be a value in the set [ Bits, ");
    }

    @Test void requiredMembersAndTheTimeRange() {
        assertThatThrownBy(() -> call("GetMetricStatistics", "Namespace=AWS/DynamoDB&MetricName=X&StartTime=2026-01-01T00:00:00Z&Period=60"))
                .isInstanceOfSatisfying(CloudWatchError.class, e -> {
                    assertThat(e.code()).isEqualTo("MissingParameter");
                    assertThat(e.getMessage()).isEqualTo("The parameter EndTime is required.");
                });
        assertThatThrownBy(() -> call("GetMetricStatistics", STATS.replace("00:10:00", "00:00:00") + "&Period=60&Statistics.member.1=Sum"))
                .hasMessage("The parameter StartTime must be less than the parameter EndTime.");
        assertThat(datapoints(call("GetMetricStatistics", STATS.replace("00:10:00Z", "00:24:00Z") + "&Period=1&Statistics.member.1=Sum"))).isEmpty();
        assertThatThrownBy(() -> call("GetMetricStatistics", STATS.replace("00:10:00Z", "00:24:01Z") + "&Period=1&Statistics.member.1=Sum"))
                .hasMessageStartingWith("You have requested up to 1441 datapoints, which exceeds the limit of 1440.");
    }

    private static final String QUERY = "StartTime=2026-01-01T00:00:00Z&EndTime=2026-01-01T01:00:00Z"
            + "&MetricDataQueries.member.1.Id=w&MetricDataQueries.member.1.MetricStat.Period=60&MetricDataQueries.member.1.MetricStat.Stat=Sum"
            + "&MetricDataQueries.member.1.MetricStat.Metric.Namespace=AWS/DynamoDB"
            + "&MetricDataQueries.member.1.MetricStat.Metric.MetricName=ConsumedWriteCapacityUnits"
            + "&MetricDataQueries.member.1.MetricStat.Metric.Dimensions.member.1.Name=TableName"
            + "&MetricDataQueries.member.1.MetricStat.Metric.Dimensions.member.1.Value=Orders";

    @SuppressWarnings("unchecked")
    @Test void getMetricDataPagesAcrossQueriesWithoutLosingOrRepeatingAValue() {
        for (int m = 0; m < 5; m++) {
            store.record(writes, m + 1);
            clock.advance(Duration.ofSeconds(60));
        }
        String twoQueries = QUERY + QUERY.substring(QUERY.indexOf("&MetricDataQueries")).replace("member.1.", "member.2.").replace("Id=w", "Id=v")
                + "&MetricDataQueries.member.2.Label=again";
        List<Object> seen = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            Map<String, Object> out = call("GetMetricData", twoQueries + "&MaxDatapoints=3" + (token == null ? "" : "&NextToken=" + token));
            for (Map<String, Object> r : (List<Map<String, Object>>) out.get("MetricDataResults")) {
                for (Object v : (List<Object>) r.get("Values")) seen.add(r.get("Id") + ":" + v);
            }
            token = (String) out.get("NextToken");
            pages++;
        } while (token != null);
        assertThat(pages).isEqualTo(4);
        assertThat(seen).containsExactly("w:5.0", "w:4.0", "w:3.0", "w:2.0", "w:1.0", "v:5.0", "v:4.0", "v:3.0", "v:2.0", "v:1.0");

        Map<String, Object> hidden = call("GetMetricData", twoQueries + "&MetricDataQueries.member.1.ReturnData=false");
        assertThat((List<Map<String, Object>>) hidden.get("MetricDataResults")).extracting(r -> r.get("Label")).containsExactly("again");
    }

    @Test void getMetricDataRefusals() {
        assertThatThrownBy(() -> call("GetMetricData", QUERY + "&NextToken=garbage"))
                .isInstanceOfSatisfying(CloudWatchError.class, e -> assertThat(e.code()).isEqualTo("InvalidNextToken"));
        assertThatThrownBy(() -> call("GetMetricData", QUERY.replace("Id=w", "Id=W1")))
                .hasMessageContaining("It must start with a lowercase letter");
        assertThatThrownBy(() -> call("GetMetricData", QUERY + "&MetricDataQueries.member.2.Id=w&MetricDataQueries.member.2.Expression=w*2"))
                .hasMessage("The values for parameter id in MetricDataQueries are not unique.");
        assertThatThrownBy(() -> call("GetMetricData", QUERY + "&MetricDataQueries.member.2.Id=x&MetricDataQueries.member.2.Expression=w*2"))
                .hasMessageContaining("evaluates no metric math expressions");
        assertThatThrownBy(() -> call("GetMetricData", QUERY.replace("Stat=Sum", "Stat=Median")))
                .hasMessage("The value Median for parameter MetricDataQueries.member.1.MetricStat.Stat is not supported.");
        assertThatThrownBy(() -> call("GetMetricData", "StartTime=2026-01-01T00:00:00Z&EndTime=2026-01-01T01:00:00Z"))
                .hasMessage("The parameter MetricDataQueries is required.");
    }

    @SuppressWarnings("unchecked")
    @Test void listMetricsPagesByFiveHundred() {
        for (int t = 0; t < 260; t++) {
            store.record(SeriesKey.of(NS, "T" + t, null, Metric.CONSUMED_WRITE_CAPACITY_UNITS), 1);
            store.record(SeriesKey.of(NS, "T" + t, null, Metric.CONSUMED_READ_CAPACITY_UNITS), 1);
        }
        store.record(SeriesKey.partition(NS, "T0", null, Metric.PARTITION_BANKED_UNITS, "00"), 1);
        Map<String, Object> first = call("ListMetrics", "Namespace=AWS/DynamoDB");
        assertThat((List<Object>) first.get("Metrics")).hasSize(500);
        Map<String, Object> second = call("ListMetrics", "Namespace=AWS/DynamoDB&NextToken=" + first.get("NextToken"));
        assertThat((List<Object>) second.get("Metrics")).hasSize(20);
        assertThat(second.get("NextToken")).isNull();
        assertThat((List<Object>) call("ListMetrics", "Dimensions.member.1.Name=TableName&Dimensions.member.1.Value=T7").get("Metrics")).hasSize(2);
        assertThat((List<Object>) call("ListMetrics", "Dimensions.member.1.Name=Operation").get("Metrics")).isEmpty();
        assertThatThrownBy(() -> call("ListMetrics", "RecentlyActive=PT1H")).hasMessage("The parameter RecentlyActive must be a value in the set [ PT3H ].");
    }
}
