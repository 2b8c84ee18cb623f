package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** UpdateTable rules for throughput and billing mode (B.7), and the partition map following them. */
class ThroughputUpdateTest {

    @Test
    void fourDecreasesAnyTimeThenOneAnHour() { // B.7 [doc, AWS-Q]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(100, 100), 0);
        sim.clock.advance(Duration.ofMinutes(10));
        for (int i = 0; i < 4; i++) assertThat(t.update(Throughput.provisioned(90 - i, 90 - i), Map.of())).isNull();
        String refused = t.update(Throughput.provisioned(50, 50), Map.of());
        assertThat(refused).startsWith("Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day.")
                .contains("Number of decreases today: 4.");
        assertThat(t.table().snapshot().provisionedWrite()).isEqualTo(87.0);
        assertThat(t.update(Throughput.provisioned(500, 500), Map.of())).isNull(); // increases are unlimited
        sim.clock.advance(Duration.ofMinutes(59));
        assertThat(t.update(Throughput.provisioned(50, 50), Map.of())).isNotNull();
        sim.clock.advance(Duration.ofMinutes(1));
        assertThat(t.update(Throughput.provisioned(50, 50), Map.of())).isNull();
        assertThat(t.update(Throughput.provisioned(40, 40), Map.of())).isNotNull();
    }

    @Test
    void atMostTwentySevenDecreasesADayAndANewDayStartsAfresh() { // B.7 [doc, AWS-Q]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(1000, 1000), 0);
        int done = 0;
        for (int minute = 0; minute < 24 * 60; minute += 5) {
            if (t.update(Throughput.provisioned(1000 - done - 1, 1000), Map.of()) == null) done++;
            sim.clock.advance(Duration.ofMinutes(5));
        }
        assertThat(done).isEqualTo(4 + 23);
        assertThat(t.update(Throughput.provisioned(10, 10), Map.of())).isNull();
    }

    @Test
    void tableAndIndexBudgetsAreSeparateButOneRequestIsRefusedWhole() { // B.7 [doc, AWS-Q]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(100, 100), 0, Sim.gsi("g", Throughput.provisioned(100, 100)));
        for (int i = 0; i < 4; i++) assertThat(t.update(Throughput.provisioned(90 - i, 90 - i), Map.of())).isNull();
        assertThat(t.update(null, Map.of("g", Throughput.provisioned(50, 50)))).isNull();
        assertThat(t.update(Throughput.provisioned(500, 500), Map.of("g", Throughput.provisioned(40, 40)))).isNull();
        String refused = t.update(Throughput.provisioned(10, 10), Map.of("g", Throughput.provisioned(30, 30)));
        assertThat(refused).isNotNull();
        assertThat(t.index("g").snapshot().provisionedWrite()).isEqualTo(40.0);
    }

    @Test
    void switchingToOnDemandFourTimesInTwentyFourHours() { // [doc, switching.capacitymode.html]
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(5, 5), 0);
        for (int i = 0; i < 4; i++) {
            assertThat(t.update(Throughput.onDemand(), Map.of())).isNull();
            assertThat(t.update(Throughput.provisioned(5, 5), Map.of())).isNull(); // back to provisioned: any time
            sim.clock.advance(Duration.ofHours(1));
        }
        assertThat(t.update(Throughput.onDemand(), Map.of())).startsWith("Subscriber limit exceeded");
        sim.clock.advance(Duration.ofHours(21));
        assertThat(t.update(Throughput.onDemand(), Map.of())).isNull();
    }

    @Test
    void onDemandKeepsTheHighestProvisionedThroughput() { // B.7 [doc] examples
        Sim sim = new Sim();
        TableCapacity small = sim.table(Throughput.provisioned(100, 100), 0);
        small.update(Throughput.onDemand(), Map.of());
        assertThat(small.table().snapshot().servingWrite()).isEqualTo(4000.0);
        assertThat(small.table().snapshot().servingRead()).isEqualTo(12_000.0);

        TableCapacity big = sim.table(Throughput.provisioned(24_000, 8_000), 0);
        big.update(Throughput.onDemand(), Map.of());
        assertThat(big.table().snapshot().servingWrite()).isEqualTo(8000.0);
        assertThat(big.table().snapshot().servingRead()).isEqualTo(24_000.0);

        TableCapacity was = sim.table(Throughput.provisioned(10_000, 10_000), 0);
        was.update(Throughput.provisioned(10, 10), Map.of());
        was.update(Throughput.onDemand(), Map.of());
        assertThat(was.table().snapshot().servingWrite()).isEqualTo(10_000.0);
        assertThat(was.table().partitionCount()).isGreaterThanOrEqualTo(10);
    }

    @Test
    void tableAndIndexesShareTheProvisionedQuota() { // B.8 [doc, AWS-Q]: sum of the table and its GSIs
        Sim sim = new Sim();
        assertThat(sim.model.checkProvisionedQuota(Throughput.provisioned(40_000, 1),
                java.util.List.of(Throughput.provisioned(0, 1)))).isNull();
        assertThat(sim.model.checkProvisionedQuota(Throughput.provisioned(30_000, 1),
                java.util.List.of(Throughput.provisioned(10_001, 1)))).startsWith("Subscriber limit exceeded")
                .contains("40000 read capacity units");
        TableCapacity t = sim.table(Throughput.provisioned(10, 20_000), 0, Sim.gsi("g", Throughput.provisioned(10, 20_000)));
        assertThat(t.update(null, Map.of("g", Throughput.provisioned(10, 20_001)))).contains("write capacity units");
        assertThat(t.update(Throughput.onDemand(), Map.of("g", Throughput.onDemand()))).isNull();
    }

    @Test
    void writeChargeFromAnIndexDiff() { // B.4: a moved GSI entry is charged at both partitions
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(10, 10_000), 0, Sim.gsi("g", Throughput.provisioned(10, 10_000)));
        PartitionMap g = t.index("g");
        long from = Long.MIN_VALUE + 10, to = Long.MAX_VALUE - 10;
        IndexWrite move = new IndexWrite(IndexWrite.Kind.MOVE, 1, 2);
        WriteCharge c = new WriteCharge().add(t.table(), 0, 0, 3).index(g, move, from, 0, to, 0);
        assertThat(c.size()).isEqualTo(3);
        assertThat(t.admitWrite(c)).isNull();
        assertThat(g.snapshot().partitions().get(g.partitionOf(from, 0)).consumedWrite()).isEqualTo(1.0);
        assertThat(g.snapshot().partitions().get(g.partitionOf(to, 0)).consumedWrite()).isEqualTo(2.0);
        assertThat(new WriteCharge().index(g, IndexWrite.NONE, 1, 1, 1, 1).size()).isZero();
    }

    @Test
    void followAppliesWhatTheCatalogAccepted() {
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.provisioned(100, 100), 0, Sim.gsi("g", Throughput.provisioned(100, 100)));
        for (int i = 0; i < 6; i++) t.follow(Throughput.provisioned(90 - i, 90 - i), Map.of("g", Throughput.provisioned(50 - i, 50 - i)));
        assertThat(t.table().snapshot().provisionedWrite()).isEqualTo(85.0);
        assertThat(t.index("g").snapshot().provisionedRead()).isEqualTo(45.0);
        t.follow(null, Map.of("g", Throughput.provisioned(3000, 5000)));
        assertThat(t.index("g").partitionCount()).isEqualTo(6);
    }

    @Test
    void gsisComeAndGo() {
        Sim sim = new Sim();
        TableCapacity t = sim.table(Throughput.onDemand(), 0);
        PartitionMap g = t.addIndex(Sim.gsi("g", Throughput.onDemand()));
        assertThat(t.index("g")).isSameAs(g);
        assertThat(sim.model.snapshot().tables().get(0).globalSecondaryIndexes()).hasSize(1);
        t.removeIndex("g");
        assertThat(t.index("g")).isNull();
        sim.model.unregister("T");
        assertThat(sim.model.table("T")).isNull();
    }
}
