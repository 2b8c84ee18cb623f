package io.keyline.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyDistributionTest {
    private static int[] histogram(KeyDistribution d, int n, int draws) {
        int[] counts = new int[n];
        for (int i = 0; i < draws; i++) counts[d.index(i)]++;
        return counts;
    }

    @Test
    void sameSeedSameSequence() {
        KeyDistribution a = KeyDistribution.of(KeyDistribution.Kind.ZIPF, 1000, 5);
        KeyDistribution b = KeyDistribution.of(KeyDistribution.Kind.ZIPF, 1000, 5);
        for (int i = 0; i < 10_000; i++) assertThat(a.index(i)).isEqualTo(b.index(i));
    }

    @Test
    void uniformIsFlatAndZipfIsSkewed() {
        int n = 1000, draws = 200_000;
        int[] uniform = histogram(KeyDistribution.of(KeyDistribution.Kind.UNIFORM, n, 1), n, draws);
        int[] zipf = histogram(KeyDistribution.of(KeyDistribution.Kind.ZIPF, n, 1), n, draws);
        int uniformMax = java.util.Arrays.stream(uniform).max().orElseThrow();
        int zipfMax = java.util.Arrays.stream(zipf).max().orElseThrow();
        assertThat(uniformMax).isLessThan(2 * draws / n);
        // With exponent 0.99 over 1000 keys the hottest key draws about 13% of requests.
        assertThat(zipfMax).isGreaterThan(draws / 10);
    }

    @Test
    void zipfHotKeysAreScatteredNotRankOrdered() {
        int[] zipf = histogram(KeyDistribution.of(KeyDistribution.Kind.ZIPF, 1000, 1), 1000, 100_000);
        int hottest = 0;
        for (int i = 1; i < zipf.length; i++) if (zipf[i] > zipf[hottest]) hottest = i;
        int second = hottest == 0 ? 1 : 0;
        for (int i = 0; i < zipf.length; i++) if (i != hottest && zipf[i] > zipf[second]) second = i;
        assertThat(Math.abs(hottest - second)).isGreaterThan(1);
    }

    @Test
    void mixedPicksGetsAndPutsHalfAndHalf() {
        DataLayout layout = new DataLayout(200, 100, 1, 3);
        RequestSet<Op> set = RequestSet.build(Op.MIXED, layout, KeyDistribution.Kind.UNIFORM, 9, (op, i) -> op);
        int gets = 0;
        for (int i = 0; i < 10_000; i++) if (set.pick(i) == Op.GET) gets++;
        assertThat(gets).isBetween(4_800, 5_200);
    }
}
