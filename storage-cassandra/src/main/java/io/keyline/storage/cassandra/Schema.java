package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
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
 * plus one table per partitioned keyspace ({@link Placement}: a table's or an index's), named
 * {@code keyspace_<id>}, with the columns of {@code versions} but partitioned by {@code pk}, the
 * encoded partition key itself, so that Cassandra's token of a row is Keyline's token of its
 * item. Every blob column holds {@link KeyLayout#stored} bytes except {@code pk}, which holds the
 * partition key's bytes as they are (Cassandra hashes exactly those; a partition key is never
 * empty). Statements are prepared once each, on first use. Thread-safe.
 */
final class Schema {
    /**
     * Tombstones of superseded versions are purged by compaction after this long: Cassandra's
     * default hint window (3 h), so a replica that was down and is repaired by hints does not
     * resurrect a collected version.
     */
    private static final int GC_GRACE_SECONDS = 3 * 3600;
    /** The table of keys that are not in a partitioned keyspace. */
    static final String VERSIONS = "versions";
    /** Tables of partitioned keyspaces: this, then the keyspace id. */
    static final String PARTITIONED_PREFIX = "keyspace_";
    private static final String TOKEN_COLUMNS = "tail, version, value, deleted, pk, token(pk)";

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

    /**
     * Creates the table of partitioned keyspace {@code keyspaceId} if missing, with an id derived
     * from its name, so that two Keyline nodes creating it at once create the same table.
     */
    String createPartitioned(long keyspaceId) {
        String table = partitionedTable(keyspaceId);
        UUID id = UUID.nameUUIDFromBytes((keyspace + "." + table).getBytes(StandardCharsets.UTF_8));
        session.execute("CREATE TABLE IF NOT EXISTS " + keyspace + "." + table + " (pk blob, tail blob, version bigint, value blob,"
                + " deleted boolean, PRIMARY KEY ((pk), tail, version))"
                + " WITH CLUSTERING ORDER BY (tail ASC, version DESC) AND gc_grace_seconds = " + GC_GRACE_SECONDS + " AND ID = '" + id + "'");
        return table;
    }

    /** The name of partitioned keyspace {@code keyspaceId}'s table. */
    static String partitionedTable(long keyspaceId) { return PARTITIONED_PREFIX + Long.toUnsignedString(keyspaceId); }

    /** Drops a partitioned keyspace's table: every key of the keyspace was deleted. */
    void drop(String table) {
        session.execute("DROP TABLE IF EXISTS " + keyspace + "." + table);
    }

    /** Empties every table (tests reuse one keyspace). */
    void truncate() {
        for (String table : new String[] {"versions", "heads", "shards"}) session.execute("TRUNCATE " + keyspace + "." + table);
        for (var row : session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
            String table = row.getString(0);
            if (table.startsWith(PARTITIONED_PREFIX)) session.execute("TRUNCATE " + keyspace + "." + table);
        }
    }

    /** The partitioned keyspaces that have a table, by id (for a range across keyspaces). */
    java.util.SortedSet<Long> partitionedTables() {
        java.util.SortedSet<Long> ids = new java.util.TreeSet<>(Long::compareUnsigned);
        for (var row : session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
            String table = row.getString(0);
            if (table.startsWith(PARTITIONED_PREFIX)) ids.add(Long.parseUnsignedLong(table.substring(PARTITIONED_PREFIX.length())));
        }
        return ids;
    }

    /** A version holding a value (its {@code deleted} left unset: no cell, read as false). */
    PreparedStatement insertValue() { return insertValue(VERSIONS); }

    PreparedStatement insertValue(String table) {
        return prepare("INSERT INTO %s." + table + " (" + partitionColumn(table) + ", tail, version, value) VALUES (?, ?, ?, ?)");
    }

    /** A version that deletes the key. */
    PreparedStatement insertDeletion() { return insertDeletion(VERSIONS); }

    PreparedStatement insertDeletion(String table) {
        return prepare("INSERT INTO %s." + table + " (" + partitionColumn(table) + ", tail, version, deleted) VALUES (?, ?, ?, true)");
    }

    PreparedStatement insertHead() { return prepare("INSERT INTO %s.heads (shard, head) VALUES (?, ?)"); }

    PreparedStatement insertShard() { return prepare("INSERT INTO %s.shards (bucket, shard) VALUES (0, ?)"); }

    /** Every version of one key, newest first. */
    PreparedStatement getEntry() { return getEntry(VERSIONS); }

    PreparedStatement getEntry(String table) {
        return prepare("SELECT version, value, deleted FROM %s." + table + " WHERE " + partitionColumn(table) + " = ? AND tail = ?");
    }

    /**
     * Rows of one partition of a partitioned keyspace's table, bound by {@code pk}, then the lower
     * and the upper tail where present; the columns of {@link #tokenRange}.
     */
    PreparedStatement partitionSlice(String table, boolean lower, boolean upper, boolean reverse) {
        return prepare("SELECT " + TOKEN_COLUMNS + " FROM %s." + table + " WHERE pk = ?" + bounds("tail", lower, upper)
                + (reverse ? " ORDER BY tail DESC" : ""));
    }

    /**
     * Rows of a partitioned keyspace's table with {@code lower <= token(pk) < upper} (each bound
     * only where present), in token order: (tail, version, value, deleted, pk, token).
     */
    PreparedStatement tokenRange(String table, boolean lower, boolean upper) {
        String where = lower && upper ? " WHERE token(pk) >= ? AND token(pk) < ?" : lower ? " WHERE token(pk) >= ?"
                : upper ? " WHERE token(pk) < ?" : "";
        return prepare("SELECT " + TOKEN_COLUMNS + " FROM %s." + table + where);
    }

    /** The partition keys of a partitioned keyspace's table whose token is the bound one (usually one or none). */
    PreparedStatement partitionsAt(String table) {
        return prepare("SELECT DISTINCT pk FROM %s." + table + " WHERE token(pk) >= ? AND token(pk) <= ?");
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
    PreparedStatement deleteBelow(String table) {
        return prepare("DELETE FROM %s." + table + " WHERE " + partitionColumn(table) + " = ? AND tail = ? AND version < ?");
    }

    /** Deletes the versions of a key up to a version (a deletion nobody reads before any more). */
    PreparedStatement deleteThrough(String table) {
        return prepare("DELETE FROM %s." + table + " WHERE " + partitionColumn(table) + " = ? AND tail = ? AND version <= ?");
    }

    /** The partition column of a table: {@code head} in {@code versions}, {@code pk} in a partitioned keyspace's. */
    static String partitionColumn(String table) { return table.equals(VERSIONS) ? "head" : "pk"; }

    private static String bounds(String column, boolean lower, boolean upper) {
        return (lower ? " AND " + column + " >= ?" : "") + (upper ? " AND " + column + " < ?" : "");
    }

    private PreparedStatement prepare(String template) {
        return prepared.computeIfAbsent(template, t -> session.prepare(String.format(t, keyspace)));
    }
}
