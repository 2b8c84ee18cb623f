package io.keyline.testing;

import io.keyline.storage.Coordination;
import io.keyline.storage.StorageException;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The coordination of several Keyline nodes in one test process, with no Cassandra
 * (docs/CLUSTER.md, "Several Keyline nodes"): the same compare-and-set rules as
 * {@code CassandraCoordination}, on one lock, with lease expiries on the test's clock. Each
 * {@link #node} is one process's view; {@link #freeze} makes a node's every call fail, as if it
 * were paused or cut off from Cassandra, until {@link #thaw}; {@link #cutOff} also ends its
 * leases at once, as for a node that died or paused past them. The cluster secret comes from a
 * seeded source: a test's, not a real key.
 *
 * <p>Threading: thread-safe, one monitor over the shared state; a node's reachability is checked
 * under it, so no call of a node passes once {@link #freeze} or {@link #cutOff} has returned.
 */
public final class MemoryCoordination {
    private final Clock clock;
    private final Map<String, Long> values = new HashMap<>();
    private final Map<String, Coordination.Lease> leases = new HashMap<>();
    private final Set<String> frozen = new HashSet<>();
    private final byte[] secret = new byte[32];

    public MemoryCoordination(Clock clock) {
        this.clock = clock;
        new Random(18).nextBytes(secret);
    }

    /** The coordination of the process named {@code self} (its address first, as a node's name is). */
    public Coordination node(String self) { return new Node(self); }

    /** From now on every call of {@code self}'s coordination fails (the node is paused, or cut off). */
    public synchronized void freeze(String self) { frozen.add(self); }

    public synchronized void thaw(String self) { frozen.remove(self); }

    /** Freezes {@code self} and ends its leases now, as a dead node's have run out: the others may take them at once. */
    public synchronized void cutOff(String self) {
        frozen.add(self);
        for (Map.Entry<String, Coordination.Lease> e : leases.entrySet()) {
            Coordination.Lease l = e.getValue();
            if (l.owner().equals(self)) e.setValue(new Coordination.Lease(l.kind(), l.id(), l.owner(), l.epoch(), 0));
        }
    }

    /** Puts a lease row as another process would have written it (a node the test does not run). */
    public synchronized void put(Coordination.Lease lease) { leases.put(lease.kind() + "/" + lease.id(), lease); }

    private final class Node implements Coordination {
        private final String self;

        Node(String self) { this.self = self; }

        /** Called under the monitor. */
        private void reachable() {
            if (frozen.contains(self)) throw new StorageException("node " + self + " cannot reach the coordination tables (paused)");
        }

        @Override public boolean shared() { return true; }

        @Override public String self() { return self; }

        @Override public long catalogVersion() {
            synchronized (MemoryCoordination.this) {
                reachable();
                return values.getOrDefault("catalog-version", 0L);
            }
        }

        @Override public boolean advanceCatalogVersion(long expected) {
            synchronized (MemoryCoordination.this) {
                reachable();
                Long current = values.get("catalog-version");
                if (expected == 0 ? current != null : current == null || current != expected) return false;
                values.put("catalog-version", expected + 1);
                return true;
            }
        }

        @Override public long takeId(String name, long atLeast) {
            synchronized (MemoryCoordination.this) {
                reachable();
                Long current = values.get(name);
                long id = current == null ? atLeast : Math.max(current, atLeast);
                values.put(name, id + 1);
                return id;
            }
        }

        @Override public List<Lease> leases(String kind) {
            synchronized (MemoryCoordination.this) {
                reachable();
                List<Lease> out = new ArrayList<>();
                for (Lease l : leases.values()) if (l.kind().equals(kind)) out.add(l);
                out.sort(Comparator.comparingLong(Lease::id));
                return out;
            }
        }

        @Override public Lease take(String kind, long id, Lease seen, Duration term) {
            long expires = clock.millis() + term.toMillis();
            synchronized (MemoryCoordination.this) {
                reachable();
                Lease current = leases.get(kind + "/" + id);
                if (seen == null ? current != null : !seen.equals(current)) return null;
                long epoch = seen == null ? 1 : seen.owner().equals(self) ? seen.epoch() : seen.epoch() + 1;
                Lease taken = new Lease(kind, id, self, epoch, expires);
                leases.put(kind + "/" + id, taken);
                return taken;
            }
        }

        @Override public Lease renew(Lease held, Duration term) {
            long expires = clock.millis() + term.toMillis();
            synchronized (MemoryCoordination.this) {
                reachable();
                Lease current = leases.get(held.kind() + "/" + held.id());
                if (current == null || !current.owner().equals(self) || current.epoch() != held.epoch()) return null;
                Lease renewed = new Lease(held.kind(), held.id(), self, held.epoch(), expires);
                leases.put(held.kind() + "/" + held.id(), renewed);
                return renewed;
            }
        }

        @Override public boolean release(Lease held) {
            synchronized (MemoryCoordination.this) {
                reachable();
                Lease current = leases.get(held.kind() + "/" + held.id());
                if (current == null || !current.owner().equals(self) || current.epoch() != held.epoch()) return false;
                leases.remove(held.kind() + "/" + held.id());
                return true;
            }
        }

        @Override public long nowMillis() { return clock.millis(); }

        @Override public byte[] clusterSecret() {
            synchronized (MemoryCoordination.this) {
                reachable();
            }
            return secret.clone();
        }

        @Override public void close() {}
    }
}
