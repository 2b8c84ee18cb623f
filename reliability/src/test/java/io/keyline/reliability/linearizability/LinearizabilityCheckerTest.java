package io.keyline.reliability.linearizability;

import static io.keyline.reliability.linearizability.RegisterModel.ABSENT;
import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.reliability.linearizability.LinearizabilityChecker.Verdict;
import io.keyline.reliability.linearizability.Op.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The checker on histories whose answer is known: hand-written classics (a stale read, a read
 * of a value never written, two readers seeing two writes in opposite orders, a lost reply
 * that did or did not happen), and generated ones that are linearizable by construction (each
 * operation's effect placed at a random instant inside its interval) or made non-linearizable
 * by one read of a value nobody wrote.
 */
class LinearizabilityCheckerTest {
    private final LinearizabilityChecker checker = new LinearizabilityChecker(10_000_000);

    private Verdict verdict(Op... ops) {
        return checker.check(List.of(ops)).verdict();
    }

    @Test void aSequentialHistoryIsLinearizable() {
        assertThat(verdict(
                Op.write(0, "k", "a", Outcome.OK, 0, 10),
                Op.read(1, "k", "a", 20, 30),
                Op.cas(0, "k", "a", "b", Outcome.OK, 40, 50),
                Op.cas(1, "k", "a", "c", Outcome.FAIL, 60, 70),
                Op.read(1, "k", "b", 80, 90),
                Op.delete(0, "k", Outcome.OK, 100, 110),
                Op.read(1, "k", ABSENT, 120, 130))).isEqualTo(Verdict.LINEARIZABLE);
    }

    @Test void aReadOverlappingAWriteMaySeeEitherValue() {
        Op write = Op.write(0, "k", "b", Outcome.OK, 10, 50);
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 5), write, Op.read(1, "k", "a", 20, 30))).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 5), write, Op.read(1, "k", "b", 20, 30))).isEqualTo(Verdict.LINEARIZABLE);
    }

    @Test void aStaleReadIsNotLinearizable() {
        assertThat(verdict(
                Op.write(0, "k", "a", Outcome.OK, 0, 10),
                Op.write(0, "k", "b", Outcome.OK, 20, 30),
                Op.read(1, "k", "a", 40, 50))).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test void aReadOfAValueNeverWrittenIsNotLinearizable() {
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 10), Op.read(1, "k", "z", 5, 20))).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test void twoReadersMustNotSeeTwoConcurrentWritesInOppositeOrders() {
        // Both writes overlap everything, but after reader 1 saw a then b, reader 2 cannot see b then a.
        assertThat(verdict(
                Op.write(0, "k", "a", Outcome.OK, 0, 100),
                Op.write(1, "k", "b", Outcome.OK, 0, 100),
                Op.read(2, "k", "a", 10, 20),
                Op.read(2, "k", "b", 30, 40),
                Op.read(3, "k", "b", 50, 60),
                Op.read(3, "k", "a", 70, 80))).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test void aFailedConditionMustHaveSeenAnotherValue() {
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 10), Op.cas(1, "k", "a", "b", Outcome.FAIL, 20, 30)))
                .isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(verdict(Op.cas(1, "k", ABSENT, "b", Outcome.OK, 0, 10), Op.cas(2, "k", ABSENT, "c", Outcome.FAIL, 20, 30)))
                .isEqualTo(Verdict.LINEARIZABLE);
    }

    @Test void aWriteWhoseReplyWasLostMayOrMayNotHaveHappened() {
        Op lost = Op.write(0, "k", "b", Outcome.INFO, 10, Long.MAX_VALUE);
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 5), lost, Op.read(1, "k", "b", 1000, 1010))).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 5), lost, Op.read(1, "k", "a", 1000, 1010))).isEqualTo(Verdict.LINEARIZABLE);
        // Once seen, it has happened: it cannot be undone by a later read of the old value.
        assertThat(verdict(Op.write(0, "k", "a", Outcome.OK, 0, 5), lost, Op.read(1, "k", "b", 1000, 1010), Op.read(1, "k", "a", 1020, 1030)))
                .isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test void keysAreCheckedApart() {
        LinearizabilityChecker.Result r = checker.check(List.of(
                Op.write(0, "x", "a", Outcome.OK, 0, 10), Op.read(1, "x", "a", 20, 30),
                Op.write(0, "y", "a", Outcome.OK, 0, 10), Op.read(1, "y", "q", 20, 30)));
        assertThat(r.perKey()).containsEntry("x", Verdict.LINEARIZABLE).containsEntry("y", Verdict.NOT_LINEARIZABLE);
        assertThat(r.anomalies()).containsOnlyKeys("y");
    }

    @Test void aSearchPastItsBudgetIsUndecided() {
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < 12; i++) ops.add(Op.write(i, "k", "v" + i, Outcome.OK, 0, 1000));
        ops.add(Op.read(99, "k", "never", 2000, 2010));
        assertThat(new LinearizabilityChecker(50).check(ops).verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(checker.check(ops).verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    // ---- generated histories ----

    /**
     * Operations on one register, each with an effect instant (distinct, increasing) and an
     * interval around it up to {@code spread} long on either side; outputs follow the register in
     * instant order. Such a history is linearizable by construction, however the intervals overlap.
     */
    static List<Op> linearizableHistory(long seed, int size, int spread) {
        Random r = new Random(seed);
        String state = ABSENT;
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            long instant = 100L * (i + 1);
            long invoked = instant - r.nextInt(spread + 1);
            long completed = instant + r.nextInt(spread + 1);
            int client = r.nextInt(6);
            String fresh = "v" + i;
            switch (r.nextInt(4)) {
                case 0 -> ops.add(Op.read(client, "k", state, invoked, completed));
                case 1 -> {
                    ops.add(Op.write(client, "k", fresh, Outcome.OK, invoked, completed));
                    state = fresh;
                }
                case 2 -> {
                    String expected = r.nextBoolean() ? state : "v" + r.nextInt(size);
                    boolean applies = state.equals(expected);
                    ops.add(Op.cas(client, "k", expected, fresh, applies ? Outcome.OK : Outcome.FAIL, invoked, completed));
                    if (applies) state = fresh;
                }
                default -> {
                    ops.add(Op.delete(client, "k", Outcome.OK, invoked, completed));
                    state = ABSENT;
                }
            }
        }
        return ops;
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void historiesLinearizableByConstructionAreFound(@ForAll("seeds") long seed) {
        List<Op> ops = linearizableHistory(seed, 60, 250);
        assertThat(checker.check(ops).verdict()).isEqualTo(Verdict.LINEARIZABLE);
    }

    @Property(tries = 300)
    void oneReadOfAValueNobodyWroteIsFound(@ForAll("seeds") long seed) {
        List<Op> ops = new ArrayList<>(linearizableHistory(seed, 60, 250));
        Random r = new Random(seed);
        int at = r.nextInt(ops.size());
        Op victim = ops.get(at);
        ops.set(at, Op.read(victim.client(), "k", "nobody", victim.invoked(), victim.completed()));
        assertThat(checker.check(ops).verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Property(tries = 300)
    void aReadMovedPastALaterWriteIsFound(@ForAll("seeds") long seed) {
        // A read, after a write completed, answered with the value that write replaced: stale.
        List<Op> ops = new ArrayList<>(linearizableHistory(seed, 40, 0));
        ops.add(Op.write(9, "k", "penultimate", Outcome.OK, 100_000, 100_010));
        ops.add(Op.write(9, "k", "last", Outcome.OK, 100_020, 100_030));
        ops.add(Op.read(8, "k", "penultimate", 100_040, 100_050));
        assertThat(checker.check(ops).verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }
}
