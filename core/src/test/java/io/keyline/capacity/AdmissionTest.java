package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Admission: ceilings, burst, adaptive boost, on-demand growth, quotas, back-pressure and modes (B.6–B.9). */
class AdmissionTest {

    @Test
    void oneWcuTableBurstsThreeHundredThenOneASecond() { // B.6 [doc, AWS-BP]: 300 s of burst
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(1, 1), 0).table();
        assertThat(Sim.burst(t, 42, 1, 300)).isEqualTo(300);
        Throttle th = t.admitWrite(42, 0, 1);
        assertThat(th).isNotNull();
        assertThat(th.exceptionType()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(th.message()).isEqualTo(Throttle.MSG_PROVISIONED_TABLE);
        assertThat(th.reason()).isEqualTo(ThrottlingReason.TABLE_WRITE_PROVISIONED);
        assertThat(th.resourceArn()).isEqualTo(Sim.ARN);
        sim.advanceSeconds(1);
        assertThat(Sim.burst(t, 42, 1, 5)).isEqualTo(1);
        sim.advanceSeconds(60);
        assertThat(Sim.burst(t, 42, 1, 100)).isEqualTo(60);
    }

    @Test
    void burstBankStopsAtThreeHundredSeconds() { // B.6 [doc]
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(1, 2), 0).table();
        Sim.burst(t, 1, 1, 1000);
        sim.clock.advance(Duration.ofHours(1));
        assertThat(Sim.burst(t, 1, 1, 1000)).isEqualTo(600);
    }

    @Test
    void oneKeyIsCappedAtThePartitionCeiling() { // B.6 [doc, AWS-BP]: 1,000 WCU per partition
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(10_000, 10_000), 0).table();
        assertThat(Sim.burst(t, 7, 1, Sim.PARTITION_BANK + 500)).isEqualTo(Sim.PARTITION_BANK); // what it banked idle
        Throttle th = t.admitWrite(7, 0, 1);
        assertThat(th.reason()).isEqualTo(ThrottlingReason.TABLE_WRITE_KEY_RANGE);
        assertThat(th.partition()).isEqualTo(t.partitionOf(7, 0));
        long elsewhere = Long.MIN_VALUE + 5;
        assertThat(t.partitionOf(elsewhere, 0)).isNotEqualTo(t.partitionOf(7, 0));
        assertThat(t.admitWrite(elsewhere, 0, 1)).isNull();
        sim.advanceSeconds(1);
        assertThat(Sim.burst(t, 7, 1, 1500)).isEqualTo(1000); // then its ceiling a second
    }

    @Test
    void aPartitionInCreditAdmitsOneRequestOfAnySizeThenRepaysItsDebtAtItsCeiling() { // docs/RULES.md#CAP-PARTITION-INSTANT
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(40_000, 40_000), 0).table();
        assertThat(t.admitWrite(7, 0, 10_000)).isNull(); // far more than the bank: admitted, charged in full
        assertThat(t.admitWrite(7, 0, 1).reason()).isEqualTo(ThrottlingReason.TABLE_WRITE_KEY_RANGE);
        assertThat(t.admitRead(7, 0).reason()).isEqualTo(ThrottlingReason.TABLE_READ_KEY_RANGE);
        long repaidMillis = (10_000 - Sim.PARTITION_BANK) * 1000L / 1000; // at 1,000 WCU a second
        sim.advance(repaidMillis - 10);
        assertThat(t.admitWrite(7, 0, 1)).isNotNull();
        sim.advance(20);
        assertThat(t.admitRead(7, 0)).isNull();
        assertThat(t.admitWrite(7, 0, 1)).isNull();
    }

    @Test
    void aRequestOfSeveralWritesIsJudgedByItsPartitionsBeforeIt() { // a transaction: docs/RULES.md#CAP-PARTITION-INSTANT
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(40_000, 40_000), 0);
        WriteCharge c = new WriteCharge();
        c.beginRequest();
        for (int i = 0; i < 8; i++) assertThat(t.admitWrite(c.reset().add(t.table(), 7, i, 1_000))).isNull();
        c.endRequest();
        assertThat(t.table().snapshot().consumedWrite()).isEqualTo(8_000.0);
        assertThat(t.admitWrite(c.reset().add(t.table(), 7, 0, 1))).isNotNull(); // in debt now
        // the same writes one by one: the partition refuses once its bank is spent
        long other = Long.MIN_VALUE + 5;
        int admitted = 0;
        for (int i = 0; i < 8; i++) if (t.admitWrite(c.reset().add(t.table(), other, i, 1_000)) == null) admitted++;
        assertThat(admitted).isEqualTo(Sim.PARTITION_BANK / 1_000);
    }

    @Test
    void readsAndWritesShareTheCeilingLinearly() { // B.6 [doc]: 3,000 RCU or 1,000 WCU "or a linear combination"
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(40_000, 40_000), 0).table();
        assertThat(t.admitRead(9, 0)).isNull();
        t.chargeRead(9, 0, 1500);
        assertThat(Sim.burst(t, 9, 1, Sim.PARTITION_BANK - 400)).isEqualTo(Sim.PARTITION_BANK - 500);
        assertThat(t.admitRead(9, 0)).isNotNull().extracting(Throttle::reason).isEqualTo(ThrottlingReason.TABLE_READ_KEY_RANGE);
        sim.advanceSeconds(1);
        assertThat(t.admitRead(9, 0)).isNull();
    }

    @Test
    void readsAreChargedAfterwardsAndDebtBlocksTheNextOnes() { // reads are priced once their size is known [inf]
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(10, 10), 0).table();
        t.chargeRead(1, 0, 3001 + 10 * 300); // a huge scan page: the bank and then some
        Throttle th = t.admitRead(1, 0);
        assertThat(th.reason()).isIn(ThrottlingReason.TABLE_READ_PROVISIONED, ThrottlingReason.TABLE_READ_KEY_RANGE);
    }

    @Test
    void adaptiveBoostLetsAHotPartitionUseIdleShare() { // B.6 [doc, AWS-BP]: 4 × 100 WCU, one sustains 150
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(400, 400), 4).table();
        assertThat(t.partitionCount()).isEqualTo(4);
        int admitted = 0;
        for (int s = 0; s < 600; s++) admitted += sim.second(t, 3, 150);
        assertThat(admitted).isEqualTo(600 * 150);
    }

    @Test
    void boostStopsAtTheTableTotalOnceTheBurstIsSpent() { // B.6 [doc]: not beyond the table's provisioned total
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(400, 400), 4).table();
        for (int s = 0; s < 250; s++) sim.second(t, 3, 900); // 500/s over 400 drains 120,000 of burst in 240 s
        int lastSecond = sim.second(t, 3, 900);
        assertThat(lastSecond).isBetween(395, 405);
        assertThat(t.admitWrite(3, 0, 1).reason()).isEqualTo(ThrottlingReason.TABLE_WRITE_PROVISIONED);
    }

    @Test
    void gsiBackPressureRejectsTheWholeWriteAndConsumesNothing() { // B.4 [doc, AWS-GSI]; B.9 [doc, AWS-GSITHR]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(10_000, 10_000), 0, Sim.gsi("byDay", Throughput.provisioned(10_000, 10_000)));
        PartitionMap gsi = t.index("byDay");
        long day = Items.token("2026-08-03");
        WriteCharge c = new WriteCharge();
        int ok = 0;
        for (int i = 0; i < Sim.PARTITION_BANK + 500; i++) {
            c.reset().add(t.table(), Items.token("device" + i), 0, 1).add(gsi, day, 0, 1);
            if (t.admitWrite(c) == null) ok++;
        }
        assertThat(ok).isEqualTo(Sim.PARTITION_BANK);
        c.reset().add(t.table(), Items.token("device-x"), 0, 1).add(gsi, day, 0, 1);
        Throttle th = t.admitWrite(c);
        assertThat(th.exceptionType()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(th.reason().wire()).isEqualTo("IndexWriteKeyRangeThroughputExceeded");
        assertThat(th.resourceArn()).isEqualTo(Sim.ARN + "/index/byDay");
        assertThat(th.message()).isEqualTo(Throttle.MSG_PROVISIONED_INDEX);
        assertThat(t.table().snapshot().consumedWrite()).isEqualTo((double) Sim.PARTITION_BANK);
        assertThat(gsi.snapshot().throttles()).containsEntry("IndexWriteKeyRangeThroughputExceeded", 501L);
    }

    @Test
    void aRefusedLaterPartGivesBackTheEarlierOnes() {
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(1000, 1000), 0,
                Sim.gsi("a", Throughput.provisioned(1000, 1000)), Sim.gsi("b", Throughput.provisioned(1, 1)));
        WriteCharge c = new WriteCharge();
        c.reset().add(t.table(), 1, 0, 500).add(t.index("a"), 2, 0, 500).add(t.index("b"), 3, 0, 500);
        assertThat(t.admitWrite(c)).isNull(); // b's 300-unit bank is full: the big write goes into debt
        c.reset().add(t.table(), 1, 0, 10).add(t.index("a"), 2, 0, 10).add(t.index("b"), 3, 0, 10);
        assertThat(t.admitWrite(c).reason()).isEqualTo(ThrottlingReason.INDEX_WRITE_PROVISIONED);
        assertThat(t.table().snapshot().consumedWrite()).isEqualTo(500.0);
        assertThat(t.index("a").snapshot().consumedWrite()).isEqualTo(500.0);
        assertThat(t.table().snapshot().partitions().get(t.table().partitionOf(1, 0)).consumedWrite()).isEqualTo(500.0);
    }

    @Test
    void gsiReadsNeverThrottleTheTable() { // B.9 [doc, Knowledge Center]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(100, 100), 0, Sim.gsi("g", Throughput.provisioned(1, 1)));
        t.index("g").chargeRead(5, 0, 1000);
        Throttle th = t.index("g").admitRead(5, 0);
        assertThat(th.reason()).isEqualTo(ThrottlingReason.INDEX_READ_PROVISIONED);
        assertThat(t.table().admitRead(5, 0)).isNull();
    }

    @Test
    void newOnDemandTableServesFourThousandWritesThenGrowsToTwiceItsPeak() { // B.7 [doc, AWS-RW]
        Sim sim = new Sim(CapacitySettings.defaults().withOnDemandGrowthDelay(Duration.ofMinutes(1)));
        PartitionMap t = sim.table(Throughput.onDemand(), 0).table();
        assertThat(t.partitionCount()).isEqualTo(4);
        assertThat(t.snapshot().servingWrite()).isEqualTo(4000.0);
        int first = spread(sim, t, 6000);
        assertThat(first).isBetween(4000, 8100); // the first second also spends the full bucket
        // spends what the first seconds left in the buckets: the 4 partitions' banks, a few hundred a second each
        for (int s = 0; s < 25; s++) spread(sim, t, 6000);
        int steady = spread(sim, t, 6000);
        assertThat(steady).isBetween(3900, 4100); // 4 partitions of 1,000 WCU
        for (int s = 0; s < 35; s++) spread(sim, t, 6000);
        // The first second served 6,000 (a full bucket plus its refill): that is the peak, doubled.
        assertThat(t.snapshot().servingWrite()).isEqualTo(12_000.0);
        assertThat(t.partitionCount()).isEqualTo(12);
        assertThat(spread(sim, t, 6000)).isEqualTo(6000);
        long k = Items.token("k");
        Throttle th = null;
        for (int i = 0; i < 10 && th == null; i++) th = t.admitWrite(k, 0, 1000); // past its partition's bank
        assertThat(th.exceptionType()).isEqualTo("ThrottlingException");
        assertThat(th.message()).isEqualTo(Throttle.MSG_ON_DEMAND);
    }

    @Test
    void onDemandMaximumCaps() { // B.7 [doc, AWS-TR]: MaxOnDemandThroughputExceeded
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.onDemand(0, 100), 0).table();
        spendOnDemandBank(sim, t, 300);
        assertThat(spread(sim, t, 300)).isBetween(100, 201);
        Throttle th = t.admitWrite(1, 0, 150);
        assertThat(th.reason()).isEqualTo(ThrottlingReason.TABLE_WRITE_MAX_ON_DEMAND);
        assertThat(th.exceptionType()).isEqualTo("ThrottlingException");
    }

    @Test
    void onDemandTableQuota() { // B.8 [doc, AWS-Q]: 40,000 per table; AccountLimit reason (B.9)
        Sim sim = new Sim(CapacitySettings.defaults().withTableQuota(40_000, 1_000));
        PartitionMap t = sim.table(Throughput.onDemand(), 0).table();
        assertThat(t.snapshot().servingWrite()).isEqualTo(1000.0);
        spendOnDemandBank(sim, t, 3000);
        spread(sim, t, 3000);
        Throttle th = t.admitWrite(1, 0, 900);
        assertThat(th.reason()).isEqualTo(ThrottlingReason.TABLE_WRITE_ACCOUNT_LIMIT);
        assertThat(th.exceptionType()).isEqualTo("RequestLimitExceeded");
    }

    @Test
    void accountModeMeasuresButNeverThrottles() {
        Sim sim = new Sim(CapacitySettings.defaults().withMode(CapacityMode.ACCOUNT));
        PartitionMap t = sim.table(Throughput.provisioned(1, 1), 0).table();
        assertThat(Sim.burst(t, 1, 1, 500)).isEqualTo(500);
        CapacitySnapshot.MapSnapshot snap = t.snapshot();
        assertThat(snap.consumedWrite()).isEqualTo(500.0);
        assertThat(snap.throttles()).containsEntry("TableWriteProvisionedThroughputExceeded", 200L);
        assertThat(sim.model.snapshot().mode()).isEqualTo(CapacityMode.ACCOUNT);
    }

    @Test
    void offModeCountsNothing() {
        Sim sim = new Sim(CapacitySettings.defaults().withMode(CapacityMode.OFF));
        TableCapacity table = sim.table(Throughput.provisioned(1, 1), 0);
        PartitionMap t = table.table();
        assertThat(Sim.burst(t, 1, 1, 500)).isEqualTo(500);
        assertThat(t.admitRead(1, 0)).isNull();
        assertThat(table.admitWrite(new WriteCharge().add(t, 1, 0, 5000))).isNull();
        assertThat(t.snapshot().consumedWrite()).isZero();
    }

    /** Offers {@code perSecond} for as many seconds as an on-demand table banks: its bank is spent after. */
    private static void spendOnDemandBank(Sim sim, PartitionMap t, int perSecond) {
        for (long s = 0; s < CapacitySettings.ON_DEMAND_TABLE_BURST.toSeconds(); s++) spread(sim, t, perSecond);
    }

    /** {@code perSecond} writes of 1 unit over many keys, in 1 ms steps; returns the admitted count. */
    private static int spread(Sim sim, PartitionMap t, int perSecond) {
        int ok = 0;
        int k = 0;
        for (int ms = 0; ms < 1000; ms++) {
            int n = perSecond * (ms + 1) / 1000 - perSecond * ms / 1000;
            for (int i = 0; i < n; i++) if (t.admitWrite(Items.token("key" + (k++ % 997)), 0, 1) == null) ok++;
            sim.advance(1);
        }
        return ok;
    }
}
