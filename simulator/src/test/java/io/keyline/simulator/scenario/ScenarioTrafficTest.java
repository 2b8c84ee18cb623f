package io.keyline.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.keyline.simulator.run.SimRequest;
import io.keyline.simulator.run.TrafficSource;
import io.keyline.simulator.run.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The traffic a scenario describes: rates, order, determinism, scaling, reused keys, request shapes. */
class ScenarioTrafficTest {
    static final String TABLE = """
            tables:
              - TableName: orders
                KeySchema: [{AttributeName: customer, KeyType: HASH}, {AttributeName: order, KeyType: RANGE}]
                AttributeDefinitions:
                  - {AttributeName: customer, AttributeType: S}
                  - {AttributeName: order, AttributeType: N}
                  - {AttributeName: status, AttributeType: S}
                BillingMode: PAY_PER_REQUEST
                GlobalSecondaryIndexes:
                  - IndexName: by-status
                    KeySchema: [{AttributeName: status, KeyType: HASH}]
                    Projection: {ProjectionType: KEYS_ONLY}
            templates:
              order:
                customer: {zipf: {count: 1000, exponent: 1.2, prefix: "C#"}}
                order: {type: N, sequence: {start: 1}}
                status: {presence: 0.2, sharded: {base: {value: PENDING}, shards: 4}}
                body: {size: 100}
              ship:
                status: {presence: 0, value: SHIPPED}
                shippedAt: {time: {format: epochSeconds}, type: N}
            """;

    static Workload scenario(long seed, String patterns) throws ScenarioException {
        return ScenarioFile.parse("t.yaml", "name: t\nseed: " + seed + "\nduration: 60s\n" + TABLE + "patterns:\n" + patterns);
    }

    static final String WRITES = """
              - {name: place, operation: put, table: orders, template: order, rate: 500}
              - {name: ship, operation: update, table: orders, template: ship, keysFrom: place, rate: 125}
              - name: queue
                operation: query
                table: orders
                index: by-status
                key: {status: {sharded: {base: {value: PENDING}, shards: 4, suffix: cycle}}}
                request: {Limit: 20}
                pages: all
                rate: {sum: [{constant: 10}, {spikes: [{at: 30s, for: 10s, rate: 90}]}]}
            """;

    static List<SimRequest> all(Workload w, double... scale) {
        List<SimRequest> out = new ArrayList<>();
        TrafficSource.Traffic t = w.traffic().open(scale);
        for (SimRequest r = t.next(); r != null; r = t.next()) out.add(r);
        return out;
    }

    @Test
    void sameSeedGivesTheSameRequestsInTheSameOrder() throws ScenarioException {
        List<SimRequest> a = all(scenario(11, WRITES), 1, 1, 1);
        List<SimRequest> b = all(scenario(11, WRITES), 1, 1, 1);
        assertThat(a).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).atNanos()).isEqualTo(a.get(i).atNanos());
            assertThat(b.get(i).pattern()).isEqualTo(a.get(i).pattern());
            assertThat(b.get(i).body().raw()).isEqualTo(a.get(i).body().raw());
        }
        List<SimRequest> c = all(scenario(12, WRITES), 1, 1, 1);
        assertThat(c.get(0).body().raw()).isNotEqualTo(a.get(0).body().raw());
    }

    @Test
    void requestsComeInTimeOrderAtTheirRates() throws ScenarioException {
        Workload w = scenario(11, WRITES);
        List<SimRequest> rs = all(w, 1, 1, 1);
        long[] perPattern = new long[3];
        long queueInSpike = 0;
        long last = 0;
        for (SimRequest r : rs) {
            assertThat(r.atNanos()).isGreaterThanOrEqualTo(last).isLessThan(60_000_000_000L);
            last = r.atNanos();
            perPattern[r.pattern()]++;
            if (r.pattern() == 2 && r.atNanos() >= 30_000_000_000L && r.atNanos() < 40_000_000_000L) queueInSpike++;
        }
        // Poisson counts: mean rate × 60 s, standard deviation its square root; 5 sigma.
        assertThat((double) perPattern[0]).isCloseTo(30_000, within(5 * Math.sqrt(30_000)));
        assertThat((double) perPattern[1]).isCloseTo(7_500, within(5 * Math.sqrt(7_500)));
        assertThat((double) perPattern[2]).isCloseTo(1_500, within(5 * Math.sqrt(1_500)));
        assertThat((double) queueInSpike).isCloseTo(1_000, within(5 * Math.sqrt(1_000)));
        assertThat(w.patterns().get(2).peakRate()).isEqualTo(100.0);
        assertThat(w.patterns().get(2).allPages()).isTrue();
        assertThat(w.patterns().get(0).allPages()).isFalse();
    }

    @Test
    void aScaledPassScalesTheCountAndKeepsTheKeyDistribution() throws ScenarioException {
        Workload w = scenario(11, WRITES);
        List<SimRequest> full = all(w, 1, 1, 1);
        List<SimRequest> tenth = all(w, 0.1, 1, 1);
        long fullPuts = full.stream().filter(r -> r.pattern() == 0).count();
        long tenthPuts = tenth.stream().filter(r -> r.pattern() == 0).count();
        assertThat((double) tenthPuts).isCloseTo(fullPuts * 0.1, within(5 * Math.sqrt(fullPuts * 0.1)));
        assertThat(tenth.stream().filter(r -> r.pattern() == 1).count()).isEqualTo(full.stream().filter(r -> r.pattern() == 1).count());
        Map<String, Double> fullShare = customerShares(full);
        Map<String, Double> tenthShare = customerShares(tenth);
        // The Zipf head keeps its share: rank 1 about 21% of items (s = 1.2 over 1,000), rank 2 about 9%.
        for (String c : new String[] {"C#0", "C#1", "C#2"}) {
            double p = fullShare.get(c);
            assertThat(tenthShare.get(c)).as(c).isCloseTo(p, within(5 * Math.sqrt(p * (1 - p) / tenthPuts)));
        }
        // Sparse attribute: 20% of items, at both scales.
        assertThat(statusShare(tenth)).isCloseTo(0.2, within(0.03));
        assertThat(statusShare(full)).isCloseTo(0.2, within(0.012));
    }

    private static Map<String, Double> customerShares(List<SimRequest> rs) {
        Map<String, Double> counts = new HashMap<>();
        long n = 0;
        for (SimRequest r : rs) {
            if (r.pattern() != 0) continue;
            counts.merge(GeneratorDistributionTest.text(r.body().object("Item").raw().get("customer")), 1.0, Double::sum);
            n++;
        }
        long total = n;
        counts.replaceAll((k, v) -> v / total);
        return counts;
    }

    private static double statusShare(List<SimRequest> rs) {
        long n = 0, with = 0;
        for (SimRequest r : rs) {
            if (r.pattern() != 0) continue;
            n++;
            if (r.body().object("Item").raw().containsKey("status")) with++;
        }
        return with / (double) n;
    }

    @Test
    void anUpdateWithKeysFromRewritesAnItemThePutPatternWrote() throws ScenarioException {
        List<SimRequest> rs = all(scenario(5, WRITES), 1, 1, 1);
        Map<Object, Object> written = new HashMap<>();
        int checked = 0;
        for (SimRequest r : rs) {
            Map<String, Object> body = r.body().raw();
            if (r.pattern() == 0) {
                Map<String, Object> item = r.body().object("Item").raw();
                written.put(item.get("order"), item.get("customer"));
            } else if (r.pattern() == 1) {
                assertThat(r.operation()).isEqualTo("UpdateItem");
                Map<String, Object> key = r.body().object("Key").raw();
                assertThat(key).containsOnlyKeys("customer", "order");
                // The put writes about 500 items a second from ordinal 0 on: a key reused is one written,
                // or one the writer is about to write (the count is its expected value, not a tally).
                if (written.containsKey(key.get("order"))) {
                    assertThat(written.get(key.get("order"))).isEqualTo(key.get("customer"));
                    checked++;
                }
                assertThat(body.get("UpdateExpression")).isEqualTo("SET #u1 = :u1 REMOVE #u0");
                assertThat(r.body().stringMap("ExpressionAttributeNames")).containsEntry("#u0", "status").containsEntry("#u1", "shippedAt");
            }
        }
        assertThat(checked).isGreaterThan(6_000);
    }

    @Test
    void aQueryNamesItsKeyAndMergesTheRequestMembers() throws ScenarioException {
        List<SimRequest> rs = all(scenario(5, WRITES), 1, 1, 1);
        List<String> suffixes = new ArrayList<>();
        for (SimRequest r : rs) {
            if (r.pattern() != 2) continue;
            assertThat(r.operation()).isEqualTo("Query");
            Map<String, Object> body = r.body().raw();
            assertThat(body).containsEntry("TableName", "orders").containsEntry("IndexName", "by-status")
                    .containsEntry("KeyConditionExpression", "#k0 = :k0").containsEntry("Limit", new java.math.BigDecimal(20));
            suffixes.add(GeneratorDistributionTest.text(r.body().object("ExpressionAttributeValues").raw().get(":k0")));
            if (suffixes.size() == 8) break;
        }
        // suffix cycle: consecutive polls of one reader visit the shards in turn.
        assertThat(suffixes).containsExactly("PENDING#0", "PENDING#1", "PENDING#2", "PENDING#3", "PENDING#0", "PENDING#1", "PENDING#2", "PENDING#3");
    }

    @Test
    void batchAndTransactionWritesCarryTheirItems() throws ScenarioException {
        Workload w = scenario(5, """
                  - {name: batch, operation: batchWrite, table: orders, template: order, rate: 10, batchSize: 25}
                  - {name: tx, operation: transactWrite, table: orders, template: order, rate: 10, batchSize: 4}
                  - {name: del, operation: delete, table: orders, keysFrom: batch, rate: 10}
                  - name: get
                    operation: get
                    table: orders
                    key: {customer: {uniform: {count: 10, prefix: "C#"}}, order: {type: N, uniform: {count: 100}}}
                    request: {ConsistentRead: true, ProjectionExpression: "customer"}
                    rate: 10
                  - {name: scan, operation: scan, table: orders, index: by-status, rate: 1, request: {Select: COUNT}}
                """);
        Map<String, SimRequest> first = new HashMap<>();
        for (SimRequest r : all(w, 1, 1, 1, 1, 1)) first.putIfAbsent(r.operation(), r);
        assertThat(first.get("BatchWriteItem").body().object("RequestItems").list("orders")).hasSize(25);
        assertThat(first.get("TransactWriteItems").body().list("TransactItems")).hasSize(4);
        assertThat(first.get("DeleteItem").body().object("Key").raw()).containsOnlyKeys("customer", "order");
        assertThat(first.get("GetItem").body().raw()).containsEntry("ConsistentRead", true).containsKey("Key");
        assertThat(first.get("Scan").body().raw()).containsEntry("IndexName", "by-status").containsEntry("Select", "COUNT");
    }

    @Test
    void preloadItemsAreDeterministicInTheirIndex() throws ScenarioException {
        Workload w = ScenarioFile.parse("p.yaml", "name: p\nseed: 3\nduration: 1m\n" + TABLE + """
                preloads:
                  - {table: orders, template: order, count: 1000}
                patterns:
                  - {name: get, operation: get, table: orders, keysFrom: order, rate: 5}
                """);
        Workload.Preload p = w.preloads().get(0);
        assertThat(p.count()).isEqualTo(1000);
        assertThat(p.items().item(17).raw()).isEqualTo(p.items().item(17).raw());
        assertThat(p.items().item(17).raw()).isNotEqualTo(p.items().item(18).raw());
        // A reader of the preload asks for keys the preload wrote.
        java.util.Set<Object> keys = new java.util.HashSet<>();
        for (long i = 0; i < 1000; i++) keys.add(p.items().item(i).raw().get("order"));
        for (SimRequest r : all(w, 1)) assertThat(keys).contains(r.body().object("Key").raw().get("order"));
    }
}
