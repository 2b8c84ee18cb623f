package io.keyline.engine.stream;

/**
 * Several Keyline nodes: runs {@link StreamRegistry#sweep} every {@link #EVERY_MILLIS} on a daemon
 * thread of its own, so that a shard whose range moved to another node, or whose writer died,
 * ends within seconds (readers of the range's next shard wait for it to end), and so that this
 * node sees streams other nodes enabled and disabled. Closing stops the thread, then closes this
 * node's open shards (a clean stop: readers go on to the next writer's at once). Failures of the
 * shared storage are logged and tried again at the next round.
 *
 * <p>Threading: its own thread; {@link #close} stops it and waits for it.
 */
public final class StreamSweeper implements AutoCloseable {
    /** How often: as often as the ownership rounds, so a moved range's old shard ends about when the range moves. */
    static final long EVERY_MILLIS = 2_000;
    private static final System.Logger LOG = System.getLogger(StreamSweeper.class.getName());

    private final StreamRegistry registry;
    private final Thread thread;
    private volatile boolean running = true;

    public StreamSweeper(StreamRegistry registry) {
        this.registry = registry;
        this.thread = new Thread(this::run, "keyline-stream-sweeper");
        thread.setDaemon(true);
    }

    public void start() { thread.start(); }

    private void run() {
        while (running) {
            try {
                Thread.sleep(EVERY_MILLIS);
                registry.sweep();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) return;
                LOG.log(System.Logger.Level.WARNING, "stream sweep: {0}; trying again", e.getMessage());
            }
        }
    }

    @Override public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            registry.closeOwnShards();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "stream shards not closed at stop ({0}): other nodes close them when this node's lease runs out",
                    e.getMessage());
        }
    }
}
