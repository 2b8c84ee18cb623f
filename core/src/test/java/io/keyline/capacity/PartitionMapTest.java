package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Partition maps: initial counts, lookup, splits by size and by heat (B.6). */
class PartitionMapTest {

    private static PartitionMap map(Sim sim, Throughput t, boolean sortKey, boolean lsi) {
        return sim.model.register(new CapacityModel.TableSpec("T", Sim.ARN, sortKey, lsi, t, List.of())).table();
    }

    @Test
    void initialCountFollowsTheHeuristic() { // B.6 heuristic [inf]; B.7 on-demand 4,000 W / 12,000 R [doc]
        Sim sim = new Sim();
        assertThat(map(sim, Throughput.provisioned(5, 5), false, false).partitionCount()).isEqualTo(1);
        assertThat(map(sim, Throughput.provisioned(3000, 1000), false, false).partitionCount()).isEqualTo(2);
        assertThat(map(sim, Throughput.provisioned(0 + 1, 40_000), false, false).partitionCount()).isEqualTo(41);
        assertThat(map(sim, Throughput.onDemand(), false, false).partitionCount()).isEqualTo(4);
        TableCapacity t = sim.table(Throughput.onDemand(), 0, Sim.gsi("g", Throughput.onDemand()));
        assertThat(t.index("g").partitionCount()).isEqualTo(4);
    }

    @Test
    void partitionsCoverTheTokenSpaceInOrder() {
        Sim sim = new Sim();
        PartitionMap m = map(sim, Throughput.provisioned(0 + 1, 16_000), false, false);
        int n = m.partitionCount();
        assertThat(m.partitionOf(Long.MIN_VALUE, Long.MIN_VALUE)).isZero();
        assertThat(m.partitionOf(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(n - 1);
        int last = 0;
        Random r = new Random(1);
        long[] tokens = r.longs(2000).sorted().toArray();
        for (long t : tokens) {
            int p = m.partitionOf(t, 0);
            assertThat(p).isGreaterThanOrEqualTo(last);
            last = p;
        }
        assertThat(m.snapshot().partitions()).hasSize(n);
    }

    @Test
    void aFullPartitionSplitsAndKeepsItsBytes() { // B.6 [doc, AWS-PART]: partitions are added when one fills up
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1 << 20));
        PartitionMap m = map(sim, Throughput.provisioned(5, 5), false, false);
        Random r = new Random(7);
        for (int i = 0; i < 4000; i++) m.recordSize(r.nextLong(), 0, 1024, 1);
        assertThat(m.partitionCount()).isGreaterThanOrEqualTo(4);
        List<CapacitySnapshot.PartitionSnapshot> parts = m.snapshot().partitions();
        assertThat(parts.stream().mapToLong(CapacitySnapshot.PartitionSnapshot::sizeBytes).sum()).isEqualTo(4000L * 1024);
        assertThat(parts.stream().mapToLong(CapacitySnapshot.PartitionSnapshot::items).sum()).isEqualTo(4000);
    }

    @Test
    void partitionsAddedForThroughputStillSplitBySize() { // B.6: a throughput split keeps what each half holds
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1 << 20));
        TableCapacity t = sim.table(Throughput.provisioned(5, 5), 0);
        Random r = new Random(3);
        for (int i = 0; i < 800; i++) t.table().recordSize(r.nextLong(), 0, 1024, 1);
        t.follow(Throughput.provisioned(5, 1500), java.util.Map.of());
        assertThat(t.table().partitionCount()).isEqualTo(2);
        for (int i = 0; i < 1600; i++) t.table().recordSize(r.nextLong(), 0, 1024, 1);
        assertThat(t.table().partitionCount()).isGreaterThan(2);
        assertThat(t.table().snapshot().partitions().stream().mapToLong(CapacitySnapshot.PartitionSnapshot::sizeBytes).sum())
                .isEqualTo(2400L * 1024);
    }

    @Test
    void oneItemIsNeverSplit() { // B.6 [doc]: isolation "down to one item per partition", never below
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1000));
        PartitionMap m = map(sim, Throughput.provisioned(5, 5), false, false);
        for (int i = 0; i < 100; i++) m.recordSize(123, 0, 400 * 1024, 0);
        assertThat(m.partitionCount()).isEqualTo(1);
    }

    @Test
    void anItemCollectionSplitsBySortKeyOnlyWithoutLsi() { // B.6 [doc]: never when the table has an LSI
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1 << 20));
        PartitionMap noLsi = map(sim, Throughput.provisioned(5, 5), true, false);
        PartitionMap withLsi = sim.model.register(new CapacityModel.TableSpec("L", Sim.ARN, true, true,
                Throughput.provisioned(5, 5), List.of())).table();
        for (int i = 0; i < 4000; i++) {
            long sort = SortPosition.of(Items.s(String.format("%08d", i * 7919 % 4000)));
            noLsi.recordSize(99, sort, 1024, 1);
            withLsi.recordSize(99, sort, 1024, 1);
        }
        assertThat(noLsi.partitionCount()).isGreaterThan(1);
        assertThat(withLsi.partitionCount()).isEqualTo(1);
    }

    @Test
    void lookupWithinOneSplitItemCollectionFollowsTheSortKey() { // partitions sharing a start token
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1 << 20));
        PartitionMap m = map(sim, Throughput.provisioned(5, 5), true, false);
        long[] sorts = new long[4000];
        for (int i = 0; i < sorts.length; i++) {
            sorts[i] = SortPosition.of(Items.s(String.format("%08d", i)));
        }
        for (int i = 0; i < sorts.length; i++) m.recordSize(99, sorts[i * 7919 % sorts.length], 8192, 1);
        assertThat(m.partitionCount()).isGreaterThan(2);
        int previous = m.partitionOf(99, Long.MIN_VALUE);
        assertThat(m.partitionOf(98, Long.MAX_VALUE)).isLessThanOrEqualTo(previous);
        for (long sort : sorts) {
            int p = m.partitionOf(99, sort);
            assertThat(p).isGreaterThanOrEqualTo(previous);
            previous = p;
        }
        assertThat(previous).isGreaterThan(m.partitionOf(99, Long.MIN_VALUE));
        assertThat(m.partitionOf(99, Long.MAX_VALUE)).isEqualTo(previous);
        assertThat(m.partitionOf(100, Long.MIN_VALUE)).isGreaterThanOrEqualTo(previous);
    }

    @Test
    void lookupAgreesWithAPlainSearchOnAnUnevenLayout() { // the radix index over tokens is only a shortcut
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1 << 18));
        PartitionMap m = map(sim, Throughput.provisioned(1, 3_000), true, false);
        Random r = new Random(11);
        // One item collection split by sort key (while it is alone in the map), then size splits at
        // random tokens, and more of them crowded into one narrow range.
        for (int i = 0; i < 1000; i++) m.recordSize(42, r.nextLong(), 8192, 1);
        for (int i = 0; i < 3000; i++) m.recordSize(r.nextLong(), 0, 4096, 1);
        for (int i = 0; i < 3000; i++) m.recordSize(r.nextLong() >>> 40, 0, 4096, 1);
        List<CapacitySnapshot.PartitionSnapshot> parts = m.snapshot().partitions();
        assertThat(parts.size()).isGreaterThan(150);
        assertThat(parts.stream().filter(p -> p.startToken() == 42).count()).isGreaterThan(2);
        for (int i = 0; i < 20_000; i++) {
            long token = i % 3 == 0 ? r.nextLong() >>> 40 : r.nextLong();
            long sort = r.nextLong();
            assertThat(m.partitionOf(token, sort)).isEqualTo(plainSearch(parts, token, sort));
        }
        for (CapacitySnapshot.PartitionSnapshot p : parts) {
            for (long dt = -1; dt <= 1; dt++) {
                long token = p.startToken() + dt;
                assertThat(m.partitionOf(token, p.startSort())).isEqualTo(plainSearch(parts, token, p.startSort()));
                assertThat(m.partitionOf(token, p.startSort() - 1)).isEqualTo(plainSearch(parts, token, p.startSort() - 1));
            }
        }
    }

    /** The last partition whose start (token, sort) is at or before the key. */
    private static int plainSearch(List<CapacitySnapshot.PartitionSnapshot> parts, long token, long sort) {
        int found = 0;
        for (int i = 0; i < parts.size(); i++) {
            CapacitySnapshot.PartitionSnapshot p = parts.get(i);
            int c = Long.compare(p.startToken(), token);
            if (c < 0 || (c == 0 && p.startSort() <= sort)) found = i;
        }
        return found;
    }

    @Test
    void aResizeInPlaceIsARemoveAndAnAdd() {
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1 << 20));
        PartitionMap once = map(sim, Throughput.provisioned(5, 5), false, false);
        PartitionMap twice = sim.model.register(new CapacityModel.TableSpec("U", Sim.ARN, false, false,
                Throughput.provisioned(5, 5), List.of())).table();
        for (int i = 0; i < 600; i++) {
            once.recordSize(i, 0, 1000, 1);
            twice.recordSize(i, 0, 1000, 1);
        }
        for (int i = 0; i < 600; i++) {
            once.recordResize(i, 0, 1000, 3000);
            twice.recordSize(i, 0, -1000, -1);
            twice.recordSize(i, 0, 3000, 1);
        }
        assertThat(once.partitionCount()).isEqualTo(twice.partitionCount()).isGreaterThan(1);
        assertThat(once.snapshot().partitions()).usingRecursiveComparison().isEqualTo(twice.snapshot().partitions());
    }

    @Test
    void aHotPartitionIsolatesItsHottestKey() { // B.6 (b) [doc, AWS-BP]: isolation splits hot keys apart
        Sim sim = new Sim(CapacitySettings.defaults().withIsolation(true, Duration.ofSeconds(30)));
        PartitionMap m = map(sim, Throughput.provisioned(1, 4000), false, false);
        long a = 100, b = 200;
        assertThat(m.partitionOf(a, 0)).isEqualTo(m.partitionOf(b, 0));
        for (int s = 0; s < 2; s++) pairSecond(sim, m, a, b); // spends what the idle partition banked
        int before = pairSecond(sim, m, a, b);
        for (int s = 0; s < 40; s++) pairSecond(sim, m, a, b);
        int after = pairSecond(sim, m, a, b);
        assertThat(before).isBetween(900, 2100);
        assertThat(m.partitionOf(a, 0)).isNotEqualTo(m.partitionOf(b, 0));
        assertThat(after).isBetween(1900, 2000);
        assertThat(m.partitionCount()).isGreaterThan(5);
    }

    @Test
    void aSplitDoesNotForgiveDebt() { // a split never lifts a key over its ceiling; docs/RULES.md#CAP-PARTITION-INSTANT
        Sim sim = new Sim(CapacitySettings.defaults().withMaxPartitionBytes(1000));
        PartitionMap m = map(sim, Throughput.provisioned(1, 40_000), false, false);
        long a = 100, b = 200;
        assertThat(m.partitionOf(a, 0)).isEqualTo(m.partitionOf(b, 0));
        int before = m.partitionCount();
        assertThat(m.admitWrite(a, 0, 10_000)).isNull(); // the bank and 7,000 more
        m.recordSize(a, 0, 600, 1);
        m.recordSize(b, 0, 600, 1); // past 1,000 bytes: the partition splits between a and b
        assertThat(m.partitionCount()).isEqualTo(before + 1);
        assertThat(m.partitionOf(a, 0)).isNotEqualTo(m.partitionOf(b, 0));
        assertThat(m.admitWrite(a, 0, 1)).isNotNull();
        assertThat(m.admitWrite(b, 0, 1)).isNotNull(); // each child inherits its parent's debt
        sim.advance(7_010);
        assertThat(m.admitWrite(a, 0, 1)).isNull();
        assertThat(m.admitWrite(b, 0, 1)).isNull();
    }

    @Test
    void aHotKeyUnderAdaptiveBoostIsStillCappedAtItsCeiling() { // B.6 [doc]: boost lends table share, never past 1,000
        Sim sim = new Sim();
        PartitionMap m = map(sim, Throughput.provisioned(400, 400), false, false);
        for (int s = 0; s < 5; s++) sim.second(m, 3, 6_000);
        assertThat(sim.second(m, 3, 6_000)).isBetween(995, 1005);
    }

    @Test
    void isolationDoesNotRaiseTheCeilingOfOneKey() { // B.6: "no single partition can exceed the ceiling"
        Sim sim = new Sim(CapacitySettings.defaults().withIsolation(true, Duration.ofSeconds(10)));
        PartitionMap m = map(sim, Throughput.provisioned(1, 4000), false, false);
        for (int s = 0; s < 30; s++) sim.second(m, 5, 3000);
        assertThat(sim.second(m, 5, 3000)).isBetween(995, 1005);
    }

    @Test
    void twoHotItemsOfOneKeySplitBySortKeyUnlessTheTableHasAnLsi() { // B.6 [doc]
        for (boolean lsi : new boolean[] {false, true}) {
            Sim sim = new Sim(CapacitySettings.defaults().withIsolation(true, Duration.ofSeconds(10)));
            PartitionMap m = sim.model.register(new CapacityModel.TableSpec("T", Sim.ARN, true, lsi,
                    Throughput.provisioned(1, 4000), List.of())).table();
            long s1 = SortPosition.of(Items.s("A")), s2 = SortPosition.of(Items.s("B"));
            for (int s = 0; s < 40; s++) itemsSecond(sim, m, 77, s1, s2);
            int last = itemsSecond(sim, m, 77, s1, s2);
            if (lsi) assertThat(last).isBetween(995, 1005);
            else assertThat(last).isBetween(1990, 2000);
        }
    }

    @Test
    void aMonotonicSortKeyIsNotSplit() { // B.6 [doc]: "unless traffic follows a monotonic sort key"
        Sim sim = new Sim(CapacitySettings.defaults().withIsolation(true, Duration.ofSeconds(10)));
        PartitionMap m = sim.model.register(new CapacityModel.TableSpec("T", Sim.ARN, true, false,
                Throughput.provisioned(1, 4000), List.of())).table();
        long seq = 0;
        int last = 0;
        for (int s = 0; s < 40; s++) {
            last = 0;
            for (int ms = 0; ms < 1000; ms++) {
                for (int i = 0; i < 3; i++) if (m.admitWrite(77, seq++, 1) == null) last++;
                sim.advance(1);
            }
        }
        assertThat(last).isBetween(995, 1005);
        assertThat(m.partitionCount()).isEqualTo(5 + 2); // the key's token was isolated, its items were not
    }

    @Test
    void moreThroughputMeansMorePartitionsNeverFewer() { // B.6 [doc, AWS-PART]; "never merged" [inf]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(1000, 1000), 0);
        assertThat(t.table().partitionCount()).isEqualTo(2);
        t.follow(Throughput.provisioned(1000, 10_000), java.util.Map.of());
        assertThat(t.table().partitionCount()).isEqualTo(11);
        t.follow(Throughput.provisioned(1, 1), java.util.Map.of()); // a decrease UpdateTable accepted
        assertThat(t.table().partitionCount()).isEqualTo(11);
    }

    @Test
    void sortPositionsKeepOrder() {
        assertThat(SortPosition.of(Items.s("a"))).isLessThan(SortPosition.of(Items.s("b")));
        assertThat(SortPosition.of(Items.s(""))).isLessThan(SortPosition.of(Items.s("\u00ff")));
        assertThat(SortPosition.of(Items.n("-5"))).isLessThan(SortPosition.of(Items.n("-1")));
        assertThat(SortPosition.of(Items.n("-1"))).isLessThan(SortPosition.of(Items.n("0")));
        assertThat(SortPosition.of(Items.n("0.5"))).isLessThan(SortPosition.of(Items.n("3")));
        assertThat(SortPosition.of(null)).isEqualTo(SortPosition.NONE);
    }

    /** 1,500 writes/s to each of two keys, interleaved. */
    private static int pairSecond(Sim sim, PartitionMap m, long a, long b) {
        int ok = 0;
        for (int ms = 0; ms < 1000; ms++) {
            for (int i = 0; i < 3; i++) {
                if (m.admitWrite(i % 2 == 0 ? a : b, 0, 1) == null) ok++;
            }
            if (ms % 2 == 0) { if (m.admitWrite(b, 0, 1) == null) ok++; } else if (m.admitWrite(a, 0, 1) == null) ok++;
            sim.advance(1);
        }
        return ok;
    }

    /** 1,500 writes/s to each of two items of one partition key, interleaved. */
    private static int itemsSecond(Sim sim, PartitionMap m, long token, long s1, long s2) {
        int ok = 0;
        for (int ms = 0; ms < 1000; ms++) {
            for (int i = 0; i < 3; i++) if (m.admitWrite(token, (i + ms) % 2 == 0 ? s1 : s2, 1) == null) ok++;
            sim.advance(1);
        }
        return ok;
    }
}
