package io.keyline.engine.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.testing.MemoryCoordination;
import io.keyline.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Cluster-mode engines in one JVM for the tests of this package: each over a view of one memory
 * storage, coordinated by one {@link MemoryCoordination}, on one manual clock, so that a node's
 * duties run a round only when the test moves time ({@link #advance}). Closes them all, and the
 * storage, at {@link #close}.
 *
 * <p>Threading: the test's thread; the engines' duties threads read the clock.
 */
final class ManualClockNodes implements AutoCloseable {
    final ManualClock clock = new ManualClock();
    final MemoryCoordination cluster = new MemoryCoordination(clock);
    final MemoryStorage data = new MemoryStorage();
    private final List<Engine> engines = new ArrayList<>();

    /** A node whose server forwards (its requests are checked), over {@code storage}, once its first round is done. */
    Engine node(String name, Storage storage) {
        Engine e = new Engine(storage, clock, Settings.defaults(), cluster.node(name));
        e.ownership().enforce();
        engines.add(e);
        waitFor(() -> e.ownership().rounds() >= 1);
        return e;
    }

    /** Moves time and waits until each of {@code nodes} has run the round it makes due. */
    void advance(Duration d, Engine... nodes) {
        long[] before = new long[nodes.length];
        for (int i = 0; i < nodes.length; i++) before[i] = nodes[i].ownership().rounds();
        clock.advance(d);
        for (int i = 0; i < nodes.length; i++) {
            Ownership o = nodes[i].ownership();
            long b = before[i];
            waitFor(() -> o.rounds() > b);
        }
    }

    /** Waits until {@code condition} holds, for at most 20 s of real time. */
    static void waitFor(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("waited 20 s").isNegative();
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Override public void close() {
        for (Engine e : engines) e.close();
        data.close();
    }
}
