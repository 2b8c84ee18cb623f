package io.keyline.storage.cassandra;

import io.keyline.storage.Keyspaces;
import io.keyline.storage.PartitionLayout;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.time.InstantSource;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which Cassandra table and partition each key lives in (docs/CLUSTER.md, "Layout"). A key of a
 * partitioned keyspace ({@link PartitionLayout}: a table's or an index's) lives in that keyspace's
 * own table, in the Cassandra partition of its partition-key bytes, so Cassandra's token of it is
 * Keyline's token; its tail is the rest after the partition key. Every other key (the catalog,
 * change logs, a backup's copy) lives in {@code versions} by head and tail ({@link KeyLayout}).
 * A partitioned keyspace's table is created on the first access to it by this process.
 *
 * <p>Threading: thread-safe. The layout is set once, before use; known tables are cached.
 */
final class Placement {
    private static final long LISTING_MILLIS = 1000;
    /** Where one key's rows are: a table, the partition column's value and the stored tail. */
    record Place(String table, ByteBuffer partition, ByteBuffer tail) {
        boolean partitioned() { return !table.equals(Schema.VERSIONS); }
    }

    private final Schema schema;
    private final Map<Long, String> tables = new ConcurrentHashMap<>();
    private final Set<Long> dropped = ConcurrentHashMap.newKeySet();
    private final InstantSource clock;
    private volatile PartitionLayout layout = PartitionLayout.NONE;
    private volatile SortedSet<Long> listed;
    private volatile long listedAt;

    Placement(Schema schema, InstantSource clock) {
        this.schema = schema;
        this.clock = clock;
    }

    /**
     * The partitioned keyspaces that have a table, for a range across keyspaces (which the engine
     * never reads: it reads one keyspace at a time): Cassandra's list, read at most once a
     * {@value #LISTING_MILLIS} ms, with the tables of this process added.
     */
    SortedSet<Long> withTables() {
        long now = clock.millis();
        SortedSet<Long> ids = listed;
        if (ids == null || now - listedAt >= LISTING_MILLIS) {
            ids = schema.partitionedTables();
            listed = ids;
            listedAt = now;
        }
        SortedSet<Long> all = new TreeSet<>(Long::compareUnsigned);
        all.addAll(ids);
        all.addAll(tables.keySet());
        all.removeAll(dropped);
        all.removeIf(id -> !partitioned(id)); // a table the layout does not name holds nothing of this storage
        return all;
    }

    void layout(PartitionLayout layout) { this.layout = layout; }

    PartitionLayout layout() { return layout; }

    /** The keyspace id of a key (its first 8 bytes), or -1 for a key shorter than that. */
    static long keyspaceOf(byte[] key) {
        if (key.length < Keyspaces.PREFIX_LENGTH) return -1;
        long id = 0;
        for (int i = 0; i < Keyspaces.PREFIX_LENGTH; i++) id = (id << 8) | (key[i] & 0xff);
        return id;
    }

    /** Whether keys of keyspace {@code id} live in a table of their own. */
    boolean partitioned(long id) {
        return tables.containsKey(id) || layout.partitioned(id);
    }

    /**
     * The place of {@code key}, or null for a key of a partitioned keyspace without a whole
     * partition key, or of one this process dropped (no such key is stored).
     */
    Place place(byte[] key) {
        long id = keyspaceOf(key);
        if (key.length < Keyspaces.PREFIX_LENGTH || !partitioned(id)) {
            return new Place(Schema.VERSIONS, KeyLayout.stored(KeyLayout.head(key)), KeyLayout.stored(KeyLayout.tail(key)));
        }
        int end = layout.partitionKeyEnd(key);
        if (end < 0 || dropped.contains(id)) return null;
        return new Place(table(id), ByteBuffer.wrap(Arrays.copyOfRange(key, KeyLayout.HEAD_BYTES, end)),
                KeyLayout.stored(Arrays.copyOfRange(key, end, key.length)));
    }

    /** The table of partitioned keyspace {@code id}, created first if this process has not seen it. */
    String table(long id) {
        return tables.computeIfAbsent(id, schema::createPartitioned);
    }

    /**
     * Keyspace {@code id} was emptied and its table dropped: it reads as empty from now on, and a
     * write to it fails (keyspace ids are never reused, so only a write racing its drop can come).
     */
    void dropped(long id) {
        dropped.add(id);
        tables.remove(id);
    }

    /** Whether this process dropped keyspace {@code id}'s table. */
    boolean isDropped(long id) { return dropped.contains(id); }

    /** Forgets every table and drop (the storage was truncated: tests reuse keyspace ids). */
    void forget() {
        tables.clear();
        dropped.clear();
        listed = null;
    }
}
