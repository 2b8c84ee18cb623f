package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.testing.MemoryCoordination;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A dead node's token ranges wait for its GSI change log (docs/RULES.md#CLUSTER-RANGE-AFTER-LOG):
 * node a owns every range and dies with records in its log (its node lease's id); node b takes
 * none of a's ranges while that log holds records, takes them all once it is applied, and takes
 * them anyway once the wait's bound has passed.
 */
class OwnershipAfterLogTest {
    private final ManualClock clock = new ManualClock();
    private final MemoryCoordination cluster = new MemoryCoordination(clock);
    private final Set<Long> logsWithRecords = ConcurrentHashMap.newKeySet();

    /** a, alone, owns every range; then it dies (frozen: its coordination answers nothing, its leases run out). */
    private void nodeAOwnedEverythingAndDied() {
        Ownership a = new Ownership(cluster.node("http://a"), 1, clock);
        a.round();
        assertThat(a.ownRanges()).hasSize(Ownership.RANGES);
        cluster.freeze("http://a");
        logsWithRecords.add(1L);
    }

    private Ownership nodeB() {
        Ownership b = new Ownership(cluster.node("http://b"), 2, clock);
        b.waitForLogs(() -> logsWithRecords);
        return b;
    }

    @Test void aDeadNodesRangesAreTakenOnlyOnceItsLogIsApplied() {
        nodeAOwnedEverythingAndDied();
        Ownership b = nodeB();
        clock.advance(GsiLogLease.TERM.plusSeconds(1));
        b.round();
        assertThat(b.ownRanges()).as("a's log still holds records").isEmpty();

        clock.advance(Duration.ofSeconds(2));
        b.round();
        assertThat(b.ownRanges()).as("still").isEmpty();

        logsWithRecords.remove(1L); // b's adopter applied it
        clock.advance(Duration.ofSeconds(2));
        b.round();
        assertThat(b.ownRanges()).hasSize(Ownership.RANGES);
    }

    @Test void aLogThatIsNeverAppliedHoldsTheRangesNoLongerThanTheBound() {
        nodeAOwnedEverythingAndDied();
        Ownership b = nodeB();
        clock.advance(GsiLogLease.TERM.plusSeconds(1));
        b.round();
        assertThat(b.ownRanges()).isEmpty();

        clock.advance(Duration.ofMillis(Ownership.LOG_WAIT_MILLIS));
        b.round();
        assertThat(b.ownRanges()).as("taken anyway, 30 s after a's lease ran out").hasSize(Ownership.RANGES);
    }

    @Test void anotherNodesUnappliedLogDoesNotHoldRangesBack() {
        nodeAOwnedEverythingAndDied();
        logsWithRecords.clear();
        logsWithRecords.add(7L); // a log of some node that owned none of these ranges
        Ownership b = nodeB();
        clock.advance(GsiLogLease.TERM.plusSeconds(1));
        b.round();
        assertThat(b.ownRanges()).hasSize(Ownership.RANGES);
    }

    @Test void freeRangesThatNoNodeEverOwnedAreTakenAtOnce() {
        logsWithRecords.add(1L);
        Ownership b = nodeB();
        b.round();
        assertThat(b.ownRanges()).hasSize(Ownership.RANGES);
    }
}
