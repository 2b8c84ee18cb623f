package io.keyline.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class QuiescenceTest {
    private final ManualClock clock = new ManualClock();
    private final Quiescence.Sleeper sleeper = clock::advance;

    /** CPU seconds read one after another: the first before any wait, then one per window. */
    private static DoubleSupplier readings(Double... cpu) {
        ArrayDeque<Double> left = new ArrayDeque<>(List.of(cpu));
        return () -> left.size() > 1 ? left.poll() : left.peek();
    }

    @Test
    void anIdleServerIsIdleAfterOneWindow() throws InterruptedException {
        Quiescence.Outcome o = Quiescence.await(readings(3.0, 3.0), Duration.ofSeconds(30), clock, sleeper);
        assertThat(o.idle()).isTrue();
        assertThat(o.waited()).isEqualTo(Quiescence.WINDOW);
    }

    @Test
    void waitsWhileABackgroundBurstUsesTheCpu() throws InterruptedException {
        // 0.2 s of CPU per 0.25 s window (a compaction), twice; then a window with one 10 ms tick.
        Quiescence.Outcome o = Quiescence.await(readings(1.0, 1.2, 1.4, 1.41), Duration.ofSeconds(30), clock, sleeper);
        assertThat(o.idle()).isTrue();
        assertThat(o.waited()).isEqualTo(Quiescence.WINDOW.multipliedBy(3));
    }

    @Test
    void aServerThatStaysBusyCostsAtMostTheLimit() throws InterruptedException {
        double[] cpu = {0};
        DoubleSupplier busy = () -> cpu[0] += 0.1; // 40% of a core in every window
        Quiescence.Outcome o = Quiescence.await(busy, Duration.ofSeconds(1), clock, sleeper);
        assertThat(o.idle()).isFalse();
        assertThat(o.waited()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aZeroLimitDoesNotWait() throws InterruptedException {
        Quiescence.Outcome o = Quiescence.await(readings(0.0, 5.0), Duration.ZERO, clock, sleeper);
        assertThat(o.waited()).isZero();
        assertThat(o.idle()).as("not asked to wait: nothing to report").isTrue();
        assertThat(clock.nanos()).isZero();
    }

    @Test
    void anUnreadableProcessIsNotWaitedFor() throws InterruptedException {
        Quiescence.Outcome o = Quiescence.await(() -> Double.NaN, Duration.ofSeconds(30), clock, sleeper);
        assertThat(o.idle()).isTrue();
        assertThat(o.waited()).isZero();
    }
}
