package io.keyline.storage.cassandra;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where and how Keyline keeps its data in Cassandra: the cluster's contact points, the Cassandra
 * keyspace (created if missing, with SimpleStrategy and {@code replication} replicas), the
 * consistency level of every read and write, the driver's local datacenter, and how long a
 * superseded row version is kept after nothing local reads it any more ({@code gcDelay}: a
 * reader on another Keyline node may still, see docs/CLUSTER.md). Immutable.
 */
public record CassandraOptions(List<InetSocketAddress> contactPoints, String keyspace, int replication,
                               String consistency, String localDatacenter, Duration gcDelay) {
    public static final String DEFAULT_KEYSPACE = "keyline";
    public static final int DEFAULT_PORT = 9042;
    /** SimpleSnitch's datacenter: a development cluster's. */
    public static final String DEFAULT_DATACENTER = "datacenter1";
    /** Consistency levels that make a write acknowledged on one node visible to a read on another at the same level. */
    private static final Set<String> LEVELS = Set.of("ONE", "QUORUM", "LOCAL_QUORUM", "ALL", "LOCAL_ONE", "TWO", "THREE", "EACH_QUORUM");

    public CassandraOptions {
        contactPoints = List.copyOf(contactPoints);
        if (contactPoints.isEmpty()) throw new IllegalArgumentException("no Cassandra contact point");
        if (!keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new IllegalArgumentException("a Cassandra keyspace name is a letter then up to 47 letters, digits or underscores, not '" + keyspace + "'");
        }
        if (replication < 1) throw new IllegalArgumentException("replication must be at least 1, not " + replication);
        consistency = consistency.toUpperCase(Locale.ROOT);
        if (!LEVELS.contains(consistency)) throw new IllegalArgumentException("unknown consistency level " + consistency + "; one of " + LEVELS);
        if (gcDelay.isNegative()) throw new IllegalArgumentException("gcDelay must not be negative");
    }

    /** {@code HOST:PORT[,HOST:PORT...]} (port 9042 if left out), keyspace "keyline", replication 1, QUORUM. */
    public static CassandraOptions of(String hostPorts) {
        List<InetSocketAddress> points = new ArrayList<>();
        for (String part : hostPorts.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            int colon = p.lastIndexOf(':');
            String host = p;
            int port = DEFAULT_PORT;
            if (colon > 0 && !p.endsWith("]")) {
                host = p.substring(0, colon);
                try {
                    port = Integer.parseInt(p.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not HOST:PORT: '" + p + "'");
                }
            }
            if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
            points.add(InetSocketAddress.createUnresolved(host, port));
        }
        return new CassandraOptions(points, DEFAULT_KEYSPACE, 1, "QUORUM", DEFAULT_DATACENTER, Duration.ofSeconds(10));
    }

    public CassandraOptions withKeyspace(String name) {
        return new CassandraOptions(contactPoints, name, replication, consistency, localDatacenter, gcDelay);
    }

    public CassandraOptions withReplication(int replicas) {
        return new CassandraOptions(contactPoints, keyspace, replicas, consistency, localDatacenter, gcDelay);
    }

    public CassandraOptions withConsistency(String level) {
        return new CassandraOptions(contactPoints, keyspace, replication, level, localDatacenter, gcDelay);
    }

    public CassandraOptions withLocalDatacenter(String datacenter) {
        return new CassandraOptions(contactPoints, keyspace, replication, consistency, datacenter, gcDelay);
    }

    public CassandraOptions withGcDelay(Duration delay) {
        return new CassandraOptions(contactPoints, keyspace, replication, consistency, localDatacenter, delay);
    }

    /** The contact points as the start-up line shows them. */
    String describePoints() {
        return String.join(",", contactPoints.stream().map(a -> a.getHostString() + ":" + a.getPort()).toList());
    }
}
