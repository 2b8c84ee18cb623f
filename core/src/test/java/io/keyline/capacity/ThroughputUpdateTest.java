package io.keyline.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The partition maps following UpdateTable's throughput and billing-mode changes. DynamoDB's
 * rules on the change itself (decrease budgets, switches to on-demand, the table quota) are
 * UpdateTable's and tested there ({@code io.keyline.op.UpdateTableTest.ThroughputRules}).
 */
class ThroughputUpdateTest {

    @Test
    void onDemandKeepsTheHighestProvisionedThroughput() { // B.7 [doc] examples
        Sim sim = new Sim();
        TableCapacity small = sim.table(Throughput.provisioned(100, 100), 0);
        small.follow(Throughput.onDemand(), Map.of());
        assertThat(small.table().snapshot().servingWrite()).isEqualTo(4000.0);
        assertThat(small.table().snapshot().servingRead()).isEqualTo(12_000.0);

        TableCapacity big = sim.table(Throughput.provisioned(24_000, 8_000), 0);
        big.follow(Throughput.onDemand(), Map.of());
        assertThat(big.table().snapshot().servingWrite()).isEqualTo(8000.0);
        assertThat(big.table().snapshot().servingRead()).isEqualTo(24_000.0);

        TableCapacity was = sim.table(Throughput.provisioned(10_000, 10_000), 0);
        was.follow(Throughput.provisioned(10, 10), Map.of());
        was.follow(Throughput.onDemand(), Map.of());
        assertThat(was.table().snapshot().servingWrite()).isEqualTo(10_000.0);
        assertThat(was.table().partitionCount()).isGreaterThanOrEqualTo(10);
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
