package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.keyline.storage.Coordination;
import io.keyline.storage.StorageException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * {@link Coordination} of the Keyline nodes that share one Cassandra keyspace (docs/CLUSTER.md,
 * "Several Keyline nodes"), by Cassandra's lightweight transactions (Paxos, serial consistency
 * SERIAL, committed at the storage's consistency level). Three tables beside the data:
 * <pre>
 * coordination (name text PRIMARY KEY, value bigint)          the catalog version, the counters
 * leases (kind text, id bigint, owner text, epoch bigint, expires bigint, PRIMARY KEY ((kind, id)))
 * secrets (name text PRIMARY KEY, value blob)                 the cluster's secret
 * </pre>
 * Every write to them is a compare-and-set (never a plain write: Cassandra does not order plain
 * writes with Paxos ones), and each row is its own Cassandra partition, so leases of different
 * ids never contend. Reads are at the storage's consistency level: they see every
 * compare-and-set that completed before them. Lease expiries are epoch millis on the injected
 * clock, so the nodes' clocks must agree to well within a lease's term.
 *
 * <p>Threading: thread-safe. Failures surface as {@link StorageException}.
 */
public final class CassandraCoordination implements Coordination {
    private static final String CATALOG_VERSION = "catalog-version";
    private static final String SECRET = "forwarding";
    private static final int SECRET_BYTES = 32;

    private final CqlSession session;
    private final String keyspace;
    private final ConsistencyLevel consistency;
    private final InstantSource clock;
    private final String self;
    private final Map<String, PreparedStatement> prepared = new ConcurrentHashMap<>();
    /** The cluster's secret once read or created (docs/RULES.md#CLUSTER-FORWARD-TRUST); never logged. */
    private volatile byte[] secret;

    private CassandraCoordination(CqlSession session, CassandraOptions options, InstantSource clock, String self) {
        this.session = session;
        this.keyspace = options.keyspace();
        this.consistency = DefaultConsistencyLevel.valueOf(options.consistency());
        this.clock = clock;
        this.self = self;
    }

    /**
     * Connects (a driver session of its own, closed with it), creates the keyspace and the two
     * tables if missing; {@code self} names this node as a lease owner and must be unique among
     * the nodes running now (its address and process id, say).
     */
    public static CassandraCoordination open(CassandraOptions options, InstantSource clock, String self) {
        CqlSession session = DriverSessions.open(options, config -> config);
        try {
            CassandraCoordination c = new CassandraCoordination(session, options, clock, self);
            c.driver("create the coordination tables", () -> {
                session.execute("CREATE KEYSPACE IF NOT EXISTS " + c.keyspace
                        + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + options.replication() + "}");
                session.execute("CREATE TABLE IF NOT EXISTS " + c.keyspace + ".coordination (name text PRIMARY KEY, value bigint)");
                session.execute("CREATE TABLE IF NOT EXISTS " + c.keyspace + ".leases (kind text, id bigint, owner text, epoch bigint,"
                        + " expires bigint, PRIMARY KEY ((kind, id)))");
                session.execute("CREATE TABLE IF NOT EXISTS " + c.keyspace + ".secrets (name text PRIMARY KEY, value blob)");
                return null;
            });
            return c;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    @Override public boolean shared() { return true; }

    @Override public String self() { return self; }

    @Override public long catalogVersion() {
        Long v = readValue(CATALOG_VERSION);
        return v == null ? 0 : v;
    }

    @Override public boolean advanceCatalogVersion(long expected) {
        return driver("advance the catalog version", () -> compareAndSet(CATALOG_VERSION, expected == 0 ? null : expected, expected + 1)
                .wasApplied());
    }

    @Override public long takeId(String name, long atLeast) {
        return driver("take an id", () -> {
            Long current = readValue(name);
            while (true) {
                long id = current == null ? atLeast : Math.max(current, atLeast);
                ResultSet r = compareAndSet(name, current, id + 1);
                if (r.wasApplied()) return id;
                Row row = r.one();
                current = row == null || row.isNull("value") ? null : row.getLong("value");
            }
        });
    }

    @Override public List<Lease> leases(String kind) {
        return driver("read leases", () -> {
            List<Lease> out = new ArrayList<>();
            for (Row row : session.execute(bind("SELECT id, owner, epoch, expires FROM %s.leases WHERE kind = ? ALLOW FILTERING", kind))) {
                out.add(new Lease(kind, row.getLong(0), row.getString(1), row.getLong(2), row.getLong(3)));
            }
            out.sort(Comparator.comparingLong(Lease::id));
            return out;
        });
    }

    @Override public Lease take(String kind, long id, Lease seen, Duration term) {
        long expires = clock.millis() + term.toMillis();
        return driver("take a lease", () -> {
            if (seen == null) {
                boolean applied = session.execute(bind("INSERT INTO %s.leases (kind, id, owner, epoch, expires) VALUES (?, ?, ?, 1, ?) IF NOT EXISTS",
                        kind, id, self, expires)).wasApplied();
                return applied ? new Lease(kind, id, self, 1, expires) : null;
            }
            long epoch = seen.owner().equals(self) ? seen.epoch() : seen.epoch() + 1;
            boolean applied = session.execute(bind("UPDATE %s.leases SET owner = ?, epoch = ?, expires = ? WHERE kind = ? AND id = ?"
                    + " IF owner = ? AND epoch = ? AND expires = ?", self, epoch, expires, kind, id, seen.owner(), seen.epoch(),
                    seen.expiresMillis())).wasApplied();
            return applied ? new Lease(kind, id, self, epoch, expires) : null;
        });
    }

    @Override public Lease renew(Lease held, Duration term) {
        long expires = clock.millis() + term.toMillis();
        return driver("renew a lease", () -> session.execute(bind("UPDATE %s.leases SET expires = ? WHERE kind = ? AND id = ? IF owner = ? AND epoch = ?",
                expires, held.kind(), held.id(), self, held.epoch())).wasApplied()
                ? new Lease(held.kind(), held.id(), self, held.epoch(), expires) : null);
    }

    @Override public boolean release(Lease held) {
        return driver("release a lease", () -> session.execute(bind("DELETE FROM %s.leases WHERE kind = ? AND id = ? IF owner = ? AND epoch = ?",
                held.kind(), held.id(), self, held.epoch())).wasApplied());
    }

    @Override public long nowMillis() { return clock.millis(); }

    /**
     * The cluster's secret: read, or created by the first node that asks with {@code INSERT ... IF
     * NOT EXISTS}, so of nodes racing to create it one wins and all use its value.
     */
    @Override public byte[] clusterSecret() {
        byte[] known = secret;
        if (known != null) return known.clone();
        synchronized (this) {
            if (secret == null) secret = driver("read the cluster secret", () -> {
                Row row = session.execute(bind("SELECT value FROM %s.secrets WHERE name = ?", SECRET)).one();
                if (row != null && !row.isNull(0)) return CassandraStorage.bytes(row.getByteBuffer(0));
                byte[] fresh = new byte[SECRET_BYTES];
                // a key, not a simulation's randomness: it must be unpredictable, so never a seeded source
                new java.security.SecureRandom().nextBytes(fresh);
                ResultSet r = session.execute(bind("INSERT INTO %s.secrets (name, value) VALUES (?, ?) IF NOT EXISTS", SECRET,
                        java.nio.ByteBuffer.wrap(fresh)));
                return r.wasApplied() ? fresh : CassandraStorage.bytes(r.one().getByteBuffer("value"));
            });
            return secret.clone();
        }
    }

    @Override public void close() { session.close(); }

    /** Empties both tables (tests reuse one keyspace). */
    void truncate() {
        driver("truncate", () -> {
            session.execute("TRUNCATE " + keyspace + ".coordination");
            session.execute("TRUNCATE " + keyspace + ".leases");
            return null;
        });
    }

    private Long readValue(String name) {
        return driver("read " + name, () -> {
            Row row = session.execute(bind("SELECT value FROM %s.coordination WHERE name = ?", name)).one();
            return row == null || row.isNull(0) ? null : row.getLong(0);
        });
    }

    /** Sets {@code name} to {@code value} if it is {@code expected} (null: if it has no row). */
    private ResultSet compareAndSet(String name, Long expected, long value) {
        return expected == null
                ? session.execute(bind("INSERT INTO %s.coordination (name, value) VALUES (?, ?) IF NOT EXISTS", name, value))
                : session.execute(bind("UPDATE %s.coordination SET value = ? WHERE name = ? IF value = ?", value, name, expected));
    }

    private BoundStatement bind(String template, Object... values) {
        PreparedStatement p = prepared.computeIfAbsent(template, t -> session.prepare(String.format(t, keyspace)));
        return p.bind(values).setConsistencyLevel(consistency);
    }

    private <T> T driver(String what, Supplier<T> action) {
        try {
            return action.get();
        } catch (DriverException | IllegalStateException e) {
            throw new StorageException("Cassandra " + what + " failed: " + e.getMessage(), e);
        }
    }
}
