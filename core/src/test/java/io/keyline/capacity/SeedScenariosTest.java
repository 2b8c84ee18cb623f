package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of shared/seeds, run against the capacity model with a manual clock,
 * asserting their numbers. Writes are 1 KB items (1 WCU) and 1 KB index entries (ALL projection).
 */
class SeedScenariosTest {
    private static final int MB = 1 << 20;

    /**
     * Seed 000: a Scan with a filter over 400,000 items of about 1 KB that matches 10: ScannedCount
     * 400,000, Count 10, ~400 pages of 1 MB (the limit applies before the filter, docs/RULES.md#PAGE-SIZE), and
     * ~50,000 RCU. 400 MB in 4 KB blocks is ~100,000 strongly consistent units; the seed's
     * "about 50,000" is the eventually consistent price (Scan's default), half of it (docs/RULES.md#CAP-READ-CONSISTENCY).
     */
    @Test
    void filteredScanPaysForEverythingItReads() {
        Sim sim = new Sim();
        PartitionMap table = sim.table(Throughput.onDemand(), 0).table();
        int items = 400_000, itemBytes = 1000;
        ReadMeter page = new ReadMeter();
        double eventual = 0, strong = 0;
        int pages = 0, count = 0, scanned = 0, throttled = 0;
        // Two passes back to back: one partition's share of a pass (~12,800 RCU) fits what it
        // banked while idle (docs/RULES.md#CAP-PARTITION-INSTANT), so the first pass runs free;
        // the second, started at once, meets the partitions' 3,000 RCU ceiling. Figures: first pass.
        for (int pass = 0; pass < 2; pass++) {
            int i = 0;
            while (i < items) {
                long pageToken = Long.MIN_VALUE + Long.divideUnsigned(-1L, items) * i;
                while (table.admitRead(pageToken, 0) != null) { throttled++; sim.advance(10); }
                page.reset();
                page.touchedPartition();
                while (i < items && page.evaluatedBytes() < MB) {
                    page.evaluated(itemBytes);
                    if (pass == 0) scanned++;
                    if (pass == 0 && i % 40_000 == 0) count++; // the filter keeps 10; the meter saw them all
                    i++;
                }
                if (pass == 0) {
                    pages++;
                    eventual += page.units(ReadConsistency.EVENTUAL);
                    strong += page.units(ReadConsistency.STRONG);
                }
                table.chargeRead(pageToken, 0, page.units(ReadConsistency.EVENTUAL));
            }
            if (pass == 0) assertThat(table.snapshot().consumedRead()).isEqualTo(eventual);
        }
        assertThat(scanned).isEqualTo(400_000);
        assertThat(count).isEqualTo(10);
        assertThat(pages).isBetween(370, 410);
        assertThat(eventual).isBetween(48_000.0, 52_000.0);
        assertThat(strong).isEqualTo(2 * eventual);
        assertThat(throttled).as("scans back to back, one partition at a time, meet its 3,000 RCU ceiling").isGreaterThan(0);
    }

    /**
     * Seed 001: 40,000 WCU over 80 partitions, one partition key receiving 4,000 writes a second:
     * throttled at that partition's 1,000 WCU while the table has 39,000 WCU unused (docs/RULES.md#CAP-PARTITION-WRITE).
     */
    @Test
    void hotKeyIsThrottledAtItsPartitionWhileTheTableIdles() {
        Sim sim = new Sim();
        PartitionMap t = sim.table(Throughput.provisioned(1, 40_000), 80).table();
        assertThat(t.partitionCount()).isEqualTo(80);
        long hot = Items.token("CUSTOMER#A");
        for (int s = 0; s < 5; s++) sim.second(t, hot, 4000);
        double before = t.snapshot().consumedWrite();
        int admitted = 0;
        for (int s = 0; s < 10; s++) admitted += sim.second(t, hot, 4000);
        double perSecond = (t.snapshot().consumedWrite() - before) / 10;
        assertThat(admitted).isBetween(9_950, 10_050);
        assertThat(perSecond).isBetween(995.0, 1005.0);
        assertThat(t.snapshot().servingWrite() - perSecond).isBetween(38_990.0, 39_010.0);
        Throttle th = null;
        for (int k = 0; k < 10 && th == null; k++) th = t.admitWrite(hot, 0, 1);
        assertThat(th.reason().wire()).isEqualTo("TableWriteKeyRangeThroughputExceeded");
        assertThat(th.exceptionType()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(t.snapshot().partitions().get(t.partitionOf(hot, 0)).throttledWrites()).isGreaterThan(20_000);
    }

    /**
     * Seed 001 worked example: 180,000 WCU provisioned, a GSI keyed on the day, 140,000 writes a
     * second: the GSI partition is pinned at 1,000 WCU, base writes fail with
     * IndexWriteKeyRangeThroughputExceeded and the GSI's ARN, the table consumes under 1% of what
     * it provisioned ("roughly 0.7 percent", docs/RULES.md#GSI-BACK-PRESSURE).
     */
    @Test
    void gsiKeyedOnTheDayThrottlesTheWholeTable() {
        Sim sim = new Sim();
        TableCapacity t = telemetryTable(sim, Throughput.provisioned(1, 180_000), "by-day-index");
        PartitionMap gsi = t.index("by-day-index");
        long day = Items.token("2026-08-03");
        WriteCharge c = new WriteCharge();
        Throttle[] last = new Throttle[1];
        long[] device = {0};
        runSeconds(sim, 3, 140_000, () -> {
            c.reset().add(t.table(), Items.mix(device[0]++), 0, 1).add(gsi, day, 0, 1);
            Throttle th = t.admitWrite(c);
            if (th != null) last[0] = th;
            return th == null;
        });
        double tableBefore = t.table().snapshot().consumedWrite();
        double gsiBefore = gsi.snapshot().consumedWrite();
        int admitted = runSeconds(sim, 5, 140_000, () -> {
            c.reset().add(t.table(), Items.mix(device[0]++), 0, 1).add(gsi, day, 0, 1);
            Throttle th = t.admitWrite(c);
            if (th != null) last[0] = th;
            return th == null;
        });
        double tablePerSecond = (t.table().snapshot().consumedWrite() - tableBefore) / 5;
        double gsiPerSecond = (gsi.snapshot().consumedWrite() - gsiBefore) / 5;
        assertThat(admitted).isBetween(4_950, 5_050);
        assertThat(gsiPerSecond).isBetween(990.0, 1010.0);
        assertThat(tablePerSecond / 180_000).isBetween(0.005, 0.03);
        assertThat(last[0].reason().wire()).isEqualTo("IndexWriteKeyRangeThroughputExceeded");
        assertThat(last[0].resourceArn()).isEqualTo(Sim.ARN + "/index/by-day-index");
        assertThat(last[0].exceptionType()).isEqualTo("ProvisionedThroughputExceededException");
    }

    /**
     * Seed 001: base table provisioned 10,000 WCU using 6,000, GSI provisioned 1,000 WCU needing
     * 6,000: once the GSI's 300 s of burst are spent, base writes throttle at the GSI's 1,000 with
     * IndexWriteProvisionedThroughputExceeded and the GSI's ARN (docs/RULES.md#THROTTLE-REASONS). (With the
     * 1 or 2 partitions 1,000 WCU alone implies, their ceilings would bind first: KeyRange.)
     */
    @Test
    void underProvisionedGsiThrottlesTheTable() {
        Sim sim = new Sim();
        TableCapacity t = sim.model.register(new CapacityModel.TableSpec("T", Sim.ARN, false, false,
                Throughput.provisioned(1, 10_000), List.of(new CapacityModel.GsiSpec("GSI-1", Sim.ARN + "/index/GSI-1",
                        false, Throughput.provisioned(1, 1_000), 10)))); // its size gave the index 10 partitions
        WriteCharge c = new WriteCharge();
        long[] id = {0};
        Throttle[] last = new Throttle[1];
        java.util.function.BooleanSupplier write = () -> {
            long k = id[0]++;
            c.reset().add(t.table(), Items.mix(k), 0, 1).add(t.index("GSI-1"), Items.mix(k + 1_000_000_000L), 0, 1);
            Throttle th = t.admitWrite(c);
            if (th != null) last[0] = th;
            return th == null;
        };
        int duringBurst = runSeconds(sim, 50, 6_000, write);
        assertThat(duringBurst).isEqualTo(50 * 6_000);
        runSeconds(sim, 20, 6_000, write);
        int after = runSeconds(sim, 5, 6_000, write);
        assertThat(after).isBetween(4_950, 5_050);
        assertThat(last[0].reason().wire()).isEqualTo("IndexWriteProvisionedThroughputExceeded");
        assertThat(last[0].exceptionType()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(last[0].resourceArn()).isEqualTo(Sim.ARN + "/index/GSI-1");
        assertThat(last[0].partition()).isEqualTo(-1);
    }

    /**
     * Seed 001 redesign: the table on-demand (after its 180,000 WCU provisioned past), a sparse
     * alarm index sharded 10 ways that only alarming devices enter: no throttling, the table
     * serving all 140,000 writes a second (the seed measured a 148,000 peak).
     */
    @Test
    void sparseShardedAlarmIndexDoesNotThrottle() {
        Sim sim = new Sim(CapacitySettings.defaults().withTableQuota(200_000, 200_000));
        TableCapacity t = telemetryTable(sim, Throughput.provisioned(1, 180_000), "alarm-index");
        t.follow(Throughput.onDemand(), Map.of("alarm-index", Throughput.onDemand()));
        assertThat(t.table().snapshot().servingWrite()).isEqualTo(180_000.0);
        PartitionMap alarms = t.index("alarm-index");
        WriteCharge c = new WriteCharge();
        long[] reading = {0};
        int[] throttles = {0};
        int admitted = runSeconds(sim, 5, 140_000, () -> {
            long deviceId = reading[0]++ % 90_000_000L;
            c.reset().add(t.table(), Items.mix(deviceId), 0, 1);
            if (deviceId % 1000 == 7) c.add(alarms, Items.token("2026-08-03#" + Items.mix(deviceId) % 10), 0, 1);
            if (t.admitWrite(c) == null) return true;
            throttles[0]++;
            return false;
        });
        assertThat(throttles[0]).isZero();
        assertThat(admitted).isEqualTo(5 * 140_000);
        assertThat(alarms.snapshot().consumedWrite()).isEqualTo(700.0);
    }

    /**
     * Seed 000: a status GSI where every new order is PENDING puts every index write on one
     * partition, capped at 1,000 WCU; 16 shards of the key (PENDING#00..15) reach 16 times the
     * ceiling once adaptive isolation has given each shard its own partition (docs/RULES.md#CAP-ADAPTIVE-ISOLATION).
     */
    @Test
    void statusIndexIsOneHotPartitionUntilSharded() {
        Sim sim = new Sim(CapacitySettings.defaults().withIsolation(true, Duration.ofSeconds(10)));
        TableCapacity t = sim.model.register(new CapacityModel.TableSpec("Orders", Sim.ARN, true, false,
                Throughput.provisioned(1, 20_000),
                List.of(new CapacityModel.GsiSpec("OrdersByStatus", Sim.ARN + "/index/OrdersByStatus", true,
                        Throughput.provisioned(1, 20_000)))));
        PartitionMap gsi = t.index("OrdersByStatus");
        WriteCharge c = new WriteCharge();
        long[] order = {0};
        Throttle[] last = new Throttle[1];
        long pending = Items.token("PENDING");
        runSeconds(sim, 30, 5_000, () -> {
            long id = order[0]++;
            c.reset().add(t.table(), Items.mix(id), 0, 1).add(gsi, pending, id, 1);
            Throttle th = t.admitWrite(c);
            if (th != null) last[0] = th;
            return th == null;
        });
        int oneKey = runSeconds(sim, 1, 5_000, () -> {
            long id = order[0]++;
            c.reset().add(t.table(), Items.mix(id), 0, 1).add(gsi, pending, id, 1);
            return t.admitWrite(c) == null;
        });
        assertThat(oneKey).isBetween(990, 1010);
        assertThat(last[0].reason()).isEqualTo(ThrottlingReason.INDEX_WRITE_KEY_RANGE);

        Random random = new Random(16);
        long[] shards = new long[16];
        for (int s = 0; s < 16; s++) shards[s] = Items.token(String.format("PENDING#%02d", s));
        // shards sharing a partition spend what it banked while idle (well before the 10 s isolation)
        runSeconds(sim, 5, 18_000, () -> shardWrite(t, gsi, c, order, random, shards));
        Map.Entry<Integer, Integer> before = shardRun(sim, t, gsi, c, order, random, shards, 1);
        runSeconds(sim, 60, 18_000, () -> shardWrite(t, gsi, c, order, random, shards));
        int sharded = runSeconds(sim, 1, 18_000, () -> shardWrite(t, gsi, c, order, random, shards));
        assertThat(before.getKey()).isLessThan(16_000);
        assertThat(sharded).isBetween(15_900, 16_050);
        Set<Integer> partitions = new HashSet<>();
        for (long s : shards) partitions.add(gsi.partitionOf(s, 0));
        assertThat(partitions).hasSize(16);
    }

    private static Map.Entry<Integer, Integer> shardRun(Sim sim, TableCapacity t, PartitionMap gsi, WriteCharge c,
                                                        long[] order, Random random, long[] shards, int seconds) {
        int ok = runSeconds(sim, seconds, 18_000, () -> shardWrite(t, gsi, c, order, random, shards));
        return Map.entry(ok, seconds);
    }

    private static boolean shardWrite(TableCapacity t, PartitionMap gsi, WriteCharge c, long[] order, Random random,
                                      long[] shards) {
        long id = order[0]++;
        c.reset().add(t.table(), Items.mix(id), 0, 1).add(gsi, shards[random.nextInt(16)], id, 1);
        return t.admitWrite(c) == null;
    }

    private static TableCapacity telemetryTable(Sim sim, Throughput throughput, String gsi) {
        return sim.model.register(new CapacityModel.TableSpec("telemetry", Sim.ARN, true, false, throughput,
                List.of(new CapacityModel.GsiSpec(gsi, Sim.ARN + "/index/" + gsi, true, throughput))));
    }

    /** Runs {@code perSecond} requests a second for some seconds in 1 ms steps; returns how many succeeded. */
    private static int runSeconds(Sim sim, int seconds, int perSecond, java.util.function.BooleanSupplier request) {
        int ok = 0;
        for (int s = 0; s < seconds; s++) {
            for (int ms = 0; ms < 1000; ms++) {
                int n = perSecond * (ms + 1) / 1000 - perSecond * ms / 1000;
                for (int i = 0; i < n; i++) if (request.getAsBoolean()) ok++;
                sim.advance(1);
            }
        }
        return ok;
    }
}
