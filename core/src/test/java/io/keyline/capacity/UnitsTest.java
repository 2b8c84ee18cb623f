package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Units per operation, each case from docs/RULES.md's CAP-READ- and CAP-WRITE- entries. */
class UnitsTest {
    private static final int KB = 1024;

    @Test
    void getItemRoundsUpTo4KbAndPricesConsistency() { // docs/RULES.md#CAP-READ-CONSISTENCY: 8 KB → 2 / 1 / 4
        assertThat(Units.getItem(8 * KB, ReadConsistency.STRONG)).isEqualTo(2.0);
        assertThat(Units.getItem(8 * KB, ReadConsistency.EVENTUAL)).isEqualTo(1.0);
        assertThat(Units.getItem(8 * KB, ReadConsistency.TRANSACTIONAL)).isEqualTo(4.0);
        assertThat(Units.getItem(4096, ReadConsistency.STRONG)).isEqualTo(1.0); // docs/RULES.md#SIZE-ITEM (observed)
        assertThat(Units.getItem(4097, ReadConsistency.STRONG)).isEqualTo(2.0);
    }

    @Test
    void missingItemStillCosts() { // docs/RULES.md#CAP-READ-MISSING
        assertThat(Units.getMissingItem(ReadConsistency.STRONG)).isEqualTo(1.0);
        assertThat(Units.getMissingItem(ReadConsistency.EVENTUAL)).isEqualTo(0.5);
    }

    @Test
    void batchGetRoundsEachItem() { // docs/RULES.md#CAP-READ-BATCH: 1.5 KB + 6.5 KB = 1 + 2 blocks; observed: 64 KB + 16 KB = 22
        assertThat(Units.batchGet(new long[] {1536, 6656}, ReadConsistency.STRONG)).isEqualTo(3.0);
        assertThat(Units.batchGet(new long[] {64 * KB + 1, 16 * KB + 1}, ReadConsistency.STRONG)).isEqualTo(22.0);
        assertThat(Units.batchGet(new long[] {-1}, ReadConsistency.EVENTUAL)).isEqualTo(0.5);
    }

    @Test
    void writesUseTheLargerImage() { // docs/RULES.md#CAP-WRITE-LARGER-IMAGE (test_long_update: 2 KB+1 → tiny = 3)
        assertThat(Units.write(0, KB, false)).isEqualTo(1.0);
        assertThat(Units.write(0, KB + 1, false)).isEqualTo(2.0);
        assertThat(Units.write(2 * KB + 1, 10, false)).isEqualTo(3.0);
        assertThat(Units.write(0, KB, true)).isEqualTo(2.0); // docs/RULES.md#CAP-TRANSACTION: 2×
    }

    @Test
    void deletesAndFailedConditions() { // docs/RULES.md#CAP-WRITE-DELETE, #CAP-WRITE-FAILED-CONDITION
        assertThat(Units.delete(0, false)).isEqualTo(1.0);
        assertThat(Units.delete(3 * KB, false)).isEqualTo(3.0);
        assertThat(Units.failedCondition(false, 5 * KB, false)).isEqualTo(1.0);
        assertThat(Units.failedCondition(true, 5 * KB, false)).isEqualTo(5.0);
        assertThat(Units.failedCondition(true, 5 * KB, true)).isEqualTo(10.0);
    }

    @Test
    void batchWriteRoundsEachRequest() { // docs/RULES.md#CAP-WRITE-BATCH: 500 B + 3.5 KB → 1 + 4 = 5
        assertThat(Units.batchWrite(new long[] {500, 3584})).isEqualTo(5.0);
    }

    @Test
    void queryAndScanSumBeforeRounding() { // docs/RULES.md#CAP-READ-PAGE: 40.8 KB → 44 KB; 1,500 × 64 B = 96 KB
        ReadMeter m = new ReadMeter().touchedPartition();
        m.evaluated(41779);
        assertThat(m.units(ReadConsistency.STRONG)).isEqualTo(11.0);
        m.reset();
        m.touchedPartition();
        for (int i = 0; i < 1500; i++) m.evaluated(64);
        assertThat(m.units(ReadConsistency.STRONG)).isEqualTo(24.0);
        assertThat(m.units(ReadConsistency.EVENTUAL)).isEqualTo(12.0);
        assertThat(m.evaluatedItems()).isEqualTo(1500);
    }

    @Test
    void everyPartitionTouchedCostsAtLeastOneBlock() { // docs/RULES.md#CAP-READ-PARTITION-MINIMUM
        ReadMeter m = new ReadMeter();
        for (int i = 0; i < 4; i++) m.touchedPartition();
        m.evaluated(100);
        assertThat(m.units(ReadConsistency.STRONG)).isEqualTo(4.0);
        assertThat(m.units(ReadConsistency.EVENTUAL)).isEqualTo(2.0);
    }

    @Test
    void lsiFetchesAreRoundedPerItem() { // docs/RULES.md#CAP-READ-LSI-FETCH: 4 × 300 B, 200 B projected → 4 KB + 16 KB
        ReadMeter m = new ReadMeter().touchedPartition();
        for (int i = 0; i < 4; i++) m.evaluated(200).fetched(300);
        assertThat(m.units(ReadConsistency.STRONG)).isEqualTo(5.0);
    }
}
