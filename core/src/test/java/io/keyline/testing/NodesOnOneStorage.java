package io.keyline.testing;

import io.keyline.storage.Coordination;
import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.SystemClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Several Keyline nodes in one JVM, as cluster mode runs them on Cassandra but with no Cassandra:
 * one memory storage that every node's engine uses (each through a view that does not close it),
 * and a {@link Coordination} per node over one shared state, with the compare-and-set semantics
 * of Cassandra's lightweight transactions (docs/CLUSTER.md, "Several Keyline nodes"). A node can
 * be cut off ({@link #cutOff}): its leases run out at once and every later call of its
 * coordination fails, as for a node that died or paused past its leases while its engine still runs.
 *
 * <p>Threading: thread-safe (one monitor over the shared state).
 */
public final class NodesOnOneStorage implements AutoCloseable {
    private final MemoryStorage storage = new MemoryStorage();
    private long catalogVersion;
    private final Map<String, Long> counters = new HashMap<>();
    private final Map<String, Coordination.Lease> leases = new HashMap<>();
    private final Set<String> cutOff = new HashSet<>();

    /** The storage as one node sees it: every call goes to the shared one, except close. */
    public Storage storage() {
        return new Storage() {
            @Override public byte[] get(byte[] key) { return storage.get(key); }

            @Override public List<byte[]> multiGet(List<byte[]> keys) { return storage.multiGet(keys); }

            @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return storage.range(from, to, reverse); }

            @Override public void write(WriteBatch batch) { storage.write(batch); }

            @Override public Snapshot snapshot() { return storage.snapshot(); }

            @Override public String describe() { return "a node's view of " + storage.describe(); }

            @Override public void close() {}
        };
    }

    /** The coordination of the node named {@code name}. */
    public Coordination node(String name) { return new Node(name); }

    /** From now on the node's leases have run out and its coordination fails, as a dead node's would. */
    public synchronized void cutOff(String name) {
        cutOff.add(name);
        for (Map.Entry<String, Coordination.Lease> e : leases.entrySet()) {
            Coordination.Lease l = e.getValue();
            if (l.owner().equals(name)) e.setValue(new Coordination.Lease(l.kind(), l.id(), l.owner(), l.epoch(), 0));
        }
    }

    @Override public void close() { storage.close(); }

    private static String key(String kind, long id) { return kind + "/" + id; }

    private final class Node implements Coordination {
        private final String name;

        Node(String name) { this.name = name; }

        private void check() {
            if (cutOff.contains(name)) throw new StorageException("node " + name + " is cut off");
        }

        @Override public boolean shared() { return true; }

        @Override public String self() { return name; }

        @Override public long catalogVersion() {
            synchronized (NodesOnOneStorage.this) {
                check();
                return catalogVersion;
            }
        }

        @Override public boolean advanceCatalogVersion(long expected) {
            synchronized (NodesOnOneStorage.this) {
                check();
                if (catalogVersion != expected) return false;
                catalogVersion++;
                return true;
            }
        }

        @Override public long takeId(String counter, long atLeast) {
            synchronized (NodesOnOneStorage.this) {
                check();
                long id = Math.max(counters.getOrDefault(counter, 0L), atLeast);
                counters.put(counter, id + 1);
                return id;
            }
        }

        @Override public List<Lease> leases(String kind) {
            synchronized (NodesOnOneStorage.this) {
                check();
                List<Lease> out = new ArrayList<>();
                for (Lease l : leases.values()) if (l.kind().equals(kind)) out.add(l);
                out.sort(Comparator.comparingLong(Lease::id));
                return out;
            }
        }

        @Override public Lease take(String kind, long id, Lease seen, Duration term) {
            synchronized (NodesOnOneStorage.this) {
                check();
                Lease now = leases.get(key(kind, id));
                if (!Objects.equals(now, seen)) return null;
                long epoch = now == null ? 1 : now.owner().equals(name) ? now.epoch() : now.epoch() + 1;
                Lease taken = new Lease(kind, id, name, epoch, nowMillis() + term.toMillis());
                leases.put(key(kind, id), taken);
                return taken;
            }
        }

        @Override public Lease renew(Lease held, Duration term) {
            synchronized (NodesOnOneStorage.this) {
                check();
                Lease now = leases.get(key(held.kind(), held.id()));
                if (!held.equals(now) || !now.owner().equals(name)) return null;
                Lease renewed = new Lease(held.kind(), held.id(), name, held.epoch(), nowMillis() + term.toMillis());
                leases.put(key(held.kind(), held.id()), renewed);
                return renewed;
            }
        }

        @Override public boolean release(Lease held) {
            synchronized (NodesOnOneStorage.this) {
                check();
                return leases.remove(key(held.kind(), held.id()), held);
            }
        }

        @Override public long nowMillis() { return SystemClock.INSTANCE.millis(); }

        @Override public void close() {}
    }
}
