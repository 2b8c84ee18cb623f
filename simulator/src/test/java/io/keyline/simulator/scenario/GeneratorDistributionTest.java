package io.keyline.simulator.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each generator's distribution, on a fixed seed, within tolerances a few standard errors wide. */
class GeneratorDistributionTest {
    private static final int DRAWS = 100_000;

    private static Map<String, Integer> histogram(ValueGenerator g, int draws) {
        Draw d = new Draw(42, 0);
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < draws; i++) counts.merge(g.next(d.begin(i, 0)), 1, Integer::sum);
        return counts;
    }

    @Test
    void zipfRankFrequenciesFollowOneOverKToTheS() {
        for (double s : new double[] {0.8, 1.0, 1.5}) {
            int n = 1000;
            Map<String, Integer> counts = histogram(ZipfGenerator.of(n, s, ValueGenerator.NumberText.PLAIN), DRAWS);
            double harmonic = 0;
            for (int k = 1; k <= n; k++) harmonic += Math.pow(k, -s);
            for (int k = 1; k <= 10; k++) {
                double expected = Math.pow(k, -s) / harmonic;
                double observed = counts.getOrDefault(Integer.toString(k - 1), 0) / (double) DRAWS;
                double sigma = Math.sqrt(expected * (1 - expected) / DRAWS);
                assertThat(observed).as("s=%s rank %d", s, k).isCloseTo(expected, within(5 * sigma));
            }
            assertThat(counts.keySet()).allMatch(v -> Long.parseLong(v) >= 0 && Long.parseLong(v) < n);
        }
    }

    @Test
    void zipfOverNinetyMillionValuesNeedsNoTable() {
        Map<String, Integer> counts = histogram(ZipfGenerator.of(90_000_000L, 1.1, ValueGenerator.NumberText.PLAIN), 50_000);
        assertThat(counts.get("0")).isGreaterThan(counts.getOrDefault("1", 0));
        assertThat(counts.keySet()).allMatch(v -> Long.parseLong(v) < 90_000_000L);
    }

    @Test
    void hotKeysTakeTheirFractionAndTheRestIsUniform() {
        Map<String, Integer> counts = histogram(new ValueGenerator.HotKeys(1000, 2, 0.9, new ValueGenerator.NumberText("K", 0)), DRAWS);
        double hot = (counts.getOrDefault("K0", 0) + counts.getOrDefault("K1", 0)) / (double) DRAWS;
        assertThat(hot).isCloseTo(0.9, within(0.005));
        assertThat(counts.get("K0") / (double) counts.get("K1")).isCloseTo(1.0, within(0.03));
        // The cold 10% spread over the other 998 values: about 20 draws each.
        int cold = 0;
        for (int v = 2; v < 1000; v++) cold += counts.getOrDefault("K" + v, 0) > 0 ? 1 : 0;
        assertThat(cold).isGreaterThan(990);
    }

    @Test
    void uniformCoversItsValuesEvenly() {
        Map<String, Integer> counts = histogram(new ValueGenerator.Uniform(10, new ValueGenerator.NumberText("U#", 2)), DRAWS);
        assertThat(counts).hasSize(10).containsKey("U#07");
        counts.values().forEach(c -> assertThat(c / (double) DRAWS).isCloseTo(0.1, within(0.004)));
    }

    @Test
    void weightedChoiceKeepsItsWeights() {
        Map<String, Integer> counts = histogram(WeightedChoice.of(new String[] {"PENDING", "SHIPPED"}, new double[] {5, 95}), DRAWS);
        assertThat(counts.get("PENDING") / (double) DRAWS).isCloseTo(0.05, within(0.003));
    }

    @Test
    void randomShardSuffixesSpreadEvenly() {
        ShardedGenerator g = new ShardedGenerator(new ValueGenerator.Constant("PENDING"), 16, ShardedGenerator.Suffix.RANDOM, null,
                "#", new ValueGenerator.NumberText("", 2));
        Map<String, Integer> counts = histogram(g, DRAWS);
        assertThat(counts).hasSize(16).containsKeys("PENDING#00", "PENDING#15");
        counts.values().forEach(c -> assertThat(c / (double) DRAWS).isCloseTo(1 / 16.0, within(0.004)));
    }

    @Test
    void calculatedSuffixIsFnv1aOfTheSourceModN() throws ScenarioException {
        var w = ScenarioFile.parse("calc.yaml", """
                name: calc
                seed: 7
                duration: 10s
                tables:
                  - TableName: readings
                    KeySchema: [{AttributeName: deviceId, KeyType: HASH}]
                    AttributeDefinitions: [{AttributeName: deviceId, AttributeType: S}]
                    BillingMode: PAY_PER_REQUEST
                templates:
                  reading:
                    deviceId: {uniform: {count: 100000, prefix: "DEV#"}}
                    alarmDay:
                      sharded: {base: {value: "2026-08-03"}, shards: 10, suffix: calculated, from: deviceId}
                patterns:
                  - {name: ingest, operation: put, table: readings, template: reading, rate: 2000}
                """);
        var t = w.traffic().open(new double[] {1});
        int[] perShard = new int[10];
        int n = 0;
        for (var r = t.next(); r != null; r = t.next()) {
            Map<String, Object> item = r.body().object("Item").raw();
            String device = text(item.get("deviceId"));
            String alarmDay = text(item.get("alarmDay"));
            int shard = (int) Long.remainderUnsigned(fnv1a(device), 10);
            assertThat(alarmDay).isEqualTo("2026-08-03#" + shard);
            perShard[shard]++;
            n++;
        }
        for (int c : perShard) assertThat(c / (double) n).isCloseTo(0.1, within(0.02));
    }

    /** The documented hash, written out again here so a change to StableHash cannot go unnoticed. */
    private static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    @SuppressWarnings("unchecked")
    static String text(Object attributeValue) {
        return attributeValue == null ? null : (String) ((Map<String, Object>) attributeValue).values().iterator().next();
    }

    @Test
    void presenceProbabilityMakesThatShareOfItemsCarryTheAttribute() {
        AttributeSpec id = new AttributeSpec("id", AttributeSpec.Type.S, 1.0, Map.of(), new ValueGenerator.Sequence(0, 1, ValueGenerator.NumberText.PLAIN));
        AttributeSpec sparse = new AttributeSpec("gsiKey", AttributeSpec.Type.S, 0.05, Map.of(), new ValueGenerator.Constant("X"));
        ItemTemplate t = new ItemTemplate("t", List.of(id, sparse));
        Draw d = new Draw(3, 0);
        int present = 0;
        for (int i = 0; i < DRAWS; i++) if (t.item(d.begin(i, 0)).containsKey("gsiKey")) present++;
        assertThat(present / (double) DRAWS).isCloseTo(0.05, within(0.003));
    }

    @Test
    void whenMakesAnAttributePresentOnlyWithItsCondition() {
        AttributeSpec state = new AttributeSpec("state", AttributeSpec.Type.S, 1.0, Map.of(),
                WeightedChoice.of(new String[] {"OK", "ALARM"}, new double[] {9, 1}));
        AttributeSpec alarm = new AttributeSpec("alarmDay", AttributeSpec.Type.S, 1.0, Map.of("state", "ALARM"), new ValueGenerator.Constant("D"));
        ItemTemplate t = new ItemTemplate("t", List.of(state, alarm));
        Draw d = new Draw(3, 0);
        int alarms = 0;
        for (int i = 0; i < 20_000; i++) {
            Map<String, Object> item = t.item(d.begin(i, 0));
            boolean isAlarm = text(item.get("state")).equals("ALARM");
            assertThat(item.containsKey("alarmDay")).isEqualTo(isAlarm);
            if (isAlarm) alarms++;
        }
        assertThat(alarms / 20_000.0).isCloseTo(0.1, within(0.01));
    }

    @Test
    void randomContentHasItsSizeAndBinaryIsValidBase64() {
        Draw d = new Draw(1, 0).begin(0, 0);
        assertThat(new RandomContent(900, false, 5).next(d)).hasSize(900);
        for (int size : new int[] {1, 2, 3, 1000}) {
            String b64 = new RandomContent(size, true, 5).next(d);
            assertThat(java.util.Base64.getDecoder().decode(b64)).hasSize(size);
        }
    }

    @Test
    void aDayKeyChangesAtTheVirtualMidnight() {
        long start = java.time.Instant.parse("2026-08-03T23:59:00Z").toEpochMilli();
        TimeGenerator day = new TimeGenerator("yyyy-MM-dd", "EVENTS#");
        Draw d = new Draw(1, start);
        assertThat(day.next(d.begin(0, 59_999_999_999L))).isEqualTo("EVENTS#2026-08-03");
        assertThat(day.next(d.begin(1, 60_000_000_000L))).isEqualTo("EVENTS#2026-08-04");
        assertThat(new TimeGenerator("epochSeconds", "").next(d.begin(2, 60_000_000_000L)))
                .isEqualTo(Long.toString(java.time.Instant.parse("2026-08-04T00:00:00Z").getEpochSecond()));
    }
}
