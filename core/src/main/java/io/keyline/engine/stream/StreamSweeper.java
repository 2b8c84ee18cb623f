package io.keyline.engine.stream;

import io.keyline.time.PeriodicThread;
import java.time.Duration;

/**
 * Several Keyline nodes: runs {@link StreamRegistry#sweep} every {@link #EVERY_MILLIS} on a daemon
 * thread of its own, so that a shard whose range moved to another node, or whose writer died,
 * ends within seconds (readers of the range's next shard wait for it to end), and so that this
 * node sees streams other nodes enabled and disabled. Closing stops the thread, then closes this
 * node's open shards (a clean stop: readers go on to the next writer's at once). Failures of the
 * shared storage are logged and tried again at the next round.
 *
 * <p>Threading: its own thread, a {@link PeriodicThread} on the registry's clock; {@link #close}
 * stops it and waits for it.
 */
public final class StreamSweeper implements AutoCloseable {
    /** How often: as often as the ownership rounds, so a moved range's old shard ends about when the range moves. */
    static final long EVERY_MILLIS = 2_000;
    private static final System.Logger LOG = System.getLogger(StreamSweeper.class.getName());

    private final StreamRegistry registry;
    private final PeriodicThread sweeps;

    public StreamSweeper(StreamRegistry registry) {
        this.registry = registry;
        this.sweeps = new PeriodicThread("keyline-stream-sweeper", registry.clock(), Duration.ofMillis(EVERY_MILLIS), true, registry::sweep,
                e -> LOG.log(System.Logger.Level.WARNING, "stream sweep: {0}; trying again", e.getMessage()));
    }

    public void start() { sweeps.start(); }

    @Override public void close() {
        sweeps.close();
        try {
            registry.closeOwnShards();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "stream shards not closed at stop ({0}): other nodes close them when this node's lease runs out",
                    e.getMessage());
        }
    }
}
