package io.keyline.testing;

import io.keyline.storage.Coordination;
import io.keyline.storage.Storage;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;

/**
 * Several Keyline nodes in one JVM, as cluster mode runs them on Cassandra but with no Cassandra:
 * one memory storage that every node's engine uses (each through a view that does not close it),
 * and a {@link MemoryCoordination} on the system clock, whose {@link MemoryCoordination#node}
 * is each node's coordination (docs/CLUSTER.md, "Several Keyline nodes"). A node can be cut off
 * ({@link #cutOff}): its leases run out at once and every later call of its coordination fails, as
 * for a node that died or paused past its leases while its engine still runs.
 *
 * <p>Threading: thread-safe (the storage and the coordination are).
 */
public final class NodesOnOneStorage implements AutoCloseable {
    private final MemoryStorage storage = new MemoryStorage();
    private final MemoryCoordination coordination = new MemoryCoordination(SystemClock.INSTANCE);

    /** The storage as one node sees it: every call goes to the shared one, except close. */
    public Storage storage() { return new StorageView(storage); }

    /** The coordination of the node named {@code name}. */
    public Coordination node(String name) { return coordination.node(name); }

    /** From now on the node's leases have run out and its coordination fails, as a dead node's would. */
    public void cutOff(String name) { coordination.cutOff(name); }

    @Override public void close() { storage.close(); }
}
