package io.keyline.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The turns of a {@link PeriodicThread} on a manual clock: when they come, what a failure does, and the stop. */
class PeriodicThreadTest {
    private static final Duration PERIOD = Duration.ofSeconds(2);
    private final ManualClock clock = new ManualClock();
    /** The clock's nanos at each turn's start, as the turns report them. */
    private final BlockingQueue<Long> turns = new LinkedBlockingQueue<>();
    private final List<RuntimeException> failures = new ArrayList<>();

    private PeriodicThread thread(boolean waitFirst, Runnable turn) {
        return new PeriodicThread("test-turns", clock, PERIOD, waitFirst, turn, e -> {
            synchronized (failures) {
                failures.add(e);
            }
        });
    }

    private Long nextTurn() throws InterruptedException { return turns.poll(10, TimeUnit.SECONDS); }

    @Test void aTurnAtOnceThenOneEachTimeThePeriodHasPassedOnTheClock() throws InterruptedException {
        try (PeriodicThread t = thread(false, () -> turns.add(clock.nanos()))) {
            t.start();
            assertThat(nextTurn()).isEqualTo(0L);
            assertThat(turns.poll(200, TimeUnit.MILLISECONDS)).as("no turn before the period has passed on the clock").isNull();
            clock.advance(PERIOD.minusMillis(1));
            assertThat(turns.poll(200, TimeUnit.MILLISECONDS)).as("one millisecond short").isNull();
            clock.advance(Duration.ofMillis(1));
            assertThat(nextTurn()).isEqualTo(PERIOD.toNanos());
        }
    }

    @Test void withWaitFirstTheFirstTurnComesAfterOnePeriod() throws InterruptedException {
        try (PeriodicThread t = thread(true, () -> turns.add(clock.nanos()))) {
            t.start();
            assertThat(turns.poll(200, TimeUnit.MILLISECONDS)).isNull();
            awaitSleeper();
            clock.advance(PERIOD);
            assertThat(nextTurn()).isEqualTo(PERIOD.toNanos());
        }
    }

    @Test void theTimeATurnTakesCountsTowardThePeriod() throws InterruptedException {
        // each turn moves the clock by 1.5 s itself: the next is due 0.5 s after it ends
        try (PeriodicThread t = thread(false, () -> {
            turns.add(clock.nanos());
            clock.advance(Duration.ofMillis(1_500));
        })) {
            t.start();
            assertThat(nextTurn()).isEqualTo(0L);
            clock.advance(Duration.ofMillis(500));
            assertThat(nextTurn()).isEqualTo(PERIOD.toNanos());
        }
    }

    @Test void aFailedTurnIsReportedAndTheTurnsGoOn() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        try (PeriodicThread t = thread(false, () -> {
            turns.add(clock.nanos());
            if (calls.incrementAndGet() == 1) throw new IllegalStateException("storage unavailable");
        })) {
            t.start();
            assertThat(nextTurn()).isEqualTo(0L);
            clock.advance(PERIOD);
            assertThat(nextTurn()).isEqualTo(PERIOD.toNanos());
        }
        synchronized (failures) {
            assertThat(failures).singleElement().extracting(Throwable::getMessage).isEqualTo("storage unavailable");
        }
    }

    @Test void closeStopsTheThreadWhileItWaitsAndAStartAfterCloseDoesNothing() throws InterruptedException {
        PeriodicThread t = thread(false, () -> turns.add(clock.nanos()));
        t.start();
        assertThat(nextTurn()).isEqualTo(0L);
        t.close();
        assertThat(threadNamed("test-turns")).as("the thread ended").isFalse();
        t.start();
        clock.advance(PERIOD.multipliedBy(3));
        assertThat(turns.poll(200, TimeUnit.MILLISECONDS)).isNull();
        assertThat(threadNamed("test-turns")).isFalse();
    }

    @Test void aTurnThatFailsBecauseOfTheCloseIsNotReported() throws InterruptedException {
        CountDownLatch inTurn = new CountDownLatch(1);
        PeriodicThread t = thread(false, () -> {
            inTurn.countDown();
            try {
                Thread.sleep(10_000); // a storage call that the close interrupts
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted", e);
            }
        });
        t.start();
        assertThat(inTurn.await(10, TimeUnit.SECONDS)).isTrue();
        t.close();
        assertThat(threadNamed("test-turns")).isFalse();
        synchronized (failures) {
            assertThat(failures).isEmpty();
        }
    }

    private void awaitSleeper() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().equals("test-turns") && t.getState() == Thread.State.WAITING) return;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("the thread never waited on the clock");
    }

    private static boolean threadNamed(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }
}
