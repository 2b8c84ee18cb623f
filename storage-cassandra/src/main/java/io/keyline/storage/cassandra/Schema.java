package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Cassandra tables of one Keyline storage and their prepared statements (docs/CLUSTER.md,
 * "Layout"):
 * <ul>
 *   <li>{@code versions}: one row per version of a key; partition {@code head}, clustering
 *       {@code tail} ascending then {@code version} descending, so the newest version of a key
 *       comes first and a slice of tails is a Query;</li>
 *   <li>{@code heads}: the directory of heads, partitioned by shard, for ranges that cross
 *       heads (a Scan); rows are only ever added (an empty head costs a read, nothing else);</li>
 *   <li>{@code shards}: the directory of shards, one small partition.</li>
 * </ul>
 * Every blob column holds {@link KeyLayout#stored} bytes. Statements are prepared once each, on
 * first use. Thread-safe.
 */
final class Schema {
    /**
     * Tombstones of superseded versions are purged by compaction after this long: Cassandra's
     * default hint window (3 h), so a replica that was down and is repaired by hints does not
     * resurrect a collected version.
     */
    private static final int GC_GRACE_SECONDS = 3 * 3600;

    private final CqlSession session;
    private final String keyspace;
    private final Map<String, PreparedStatement> prepared = new ConcurrentHashMap<>();

    Schema(CqlSession session, String keyspace) {
        this.session = session;
        this.keyspace = keyspace;
    }

    /** Creates the keyspace and the tables if missing (waits for schema agreement, as the driver does). */
    void create(int replication) {
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + replication + "}");
        session.execute("CREATE TABLE IF NOT EXISTS " + keyspace + ".versions (head blob, tail blob, version bigint, value blob,"
                + " deleted boolean, PRIMARY KEY ((head), tail, version))"
                + " WITH CLUSTERING ORDER BY (tail ASC, version DESC) AND gc_grace_seconds = " + GC_GRACE_SECONDS);
        session.execute("CREATE TABLE IF NOT EXISTS " + keyspace + ".heads (shard blob, head blob, PRIMARY KEY ((shard), head))");
        session.execute("CREATE TABLE IF NOT EXISTS " + keyspace + ".shards (bucket int, shard blob, PRIMARY KEY ((bucket), shard))");
    }

    /** Empties every table (tests reuse one keyspace). */
    void truncate() {
        for (String table : new String[] {"versions", "heads", "shards"}) session.execute("TRUNCATE " + keyspace + "." + table);
    }

    /** A version holding a value (its {@code deleted} left unset: no cell, read as false). */
    PreparedStatement insertValue() {
        return prepare("INSERT INTO %s.versions (head, tail, version, value) VALUES (?, ?, ?, ?)");
    }

    /** A version that deletes the key. */
    PreparedStatement insertDeletion() {
        return prepare("INSERT INTO %s.versions (head, tail, version, deleted) VALUES (?, ?, ?, true)");
    }

    PreparedStatement insertHead() { return prepare("INSERT INTO %s.heads (shard, head) VALUES (?, ?)"); }

    PreparedStatement insertShard() { return prepare("INSERT INTO %s.shards (bucket, shard) VALUES (0, ?)"); }

    /** Every version of one key, newest first. */
    PreparedStatement getEntry() {
        return prepare("SELECT version, value, deleted FROM %s.versions WHERE head = ? AND tail = ?");
    }

    /** Rows of one head, bound by head, then the lower tail and the upper tail where present. */
    PreparedStatement slice(boolean lower, boolean upper, boolean reverse) {
        return prepare("SELECT tail, version, value, deleted FROM %s.versions WHERE head = ?" + bounds("tail", lower, upper)
                + (reverse ? " ORDER BY tail DESC" : ""));
    }

    /** Heads of one shard, bound by shard, then the lower and upper head where present. */
    PreparedStatement heads(boolean lower, boolean upper, boolean reverse) {
        return prepare("SELECT head FROM %s.heads WHERE shard = ?" + bounds("head", lower, upper) + (reverse ? " ORDER BY head DESC" : ""));
    }

    /** Every shard, bound by the lower and upper shard where present. */
    PreparedStatement shards(boolean lower, boolean upper, boolean reverse) {
        return prepare("SELECT shard FROM %s.shards WHERE bucket = 0" + bounds("shard", lower, upper) + (reverse ? " ORDER BY shard DESC" : ""));
    }

    /** Deletes the versions of a key below a version (superseded by it). */
    PreparedStatement deleteBelow() { return prepare("DELETE FROM %s.versions WHERE head = ? AND tail = ? AND version < ?"); }

    /** Deletes the versions of a key up to a version (a deletion nobody reads before any more). */
    PreparedStatement deleteThrough() { return prepare("DELETE FROM %s.versions WHERE head = ? AND tail = ? AND version <= ?"); }

    private static String bounds(String column, boolean lower, boolean upper) {
        return (lower ? " AND " + column + " >= ?" : "") + (upper ? " AND " + column + " < ?" : "");
    }

    private PreparedStatement prepare(String template) {
        return prepared.computeIfAbsent(template, t -> session.prepare(String.format(t, keyspace)));
    }
}
