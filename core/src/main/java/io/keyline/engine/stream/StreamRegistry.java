package io.keyline.engine.stream;

import io.keyline.metadata.Namespace;
import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The streams of every table and their shards, kept in memory and persisted as a descriptor per
 * stream and an entry per shard (see {@link StreamLayout}). Shards follow the table's partitions
 * (docs/RULES.md#STREAM-SHARDS): a stream starts with one open shard per partition; when the
 * partitions have split, the next record of the table closes the shards whose partition is gone
 * and opens one per new partition, each naming as parent the shard its range came from; and an
 * open shard older than {@link #ROLLOVER} is closed and succeeded by a child over the same range,
 * as DynamoDB rolls its shards over every few hours.
 *
 * <p>Threading: thread-safe. The maps are concurrent; each stream's state is guarded by its own
 * monitor, under which a record's shard is chosen and its sequence allocated, so a shard's
 * closing sequence is above every record it holds. Descriptors and shard entries are written
 * under that monitor, only those that changed (enable, disable, split, rollover, trim), before
 * any record is written to a new shard.
 *
 * <p>Several Keyline nodes on one storage ({@link StreamCluster}): the registry is each node's
 * cache of the shared streams, and shards follow writer nodes and token ranges instead of
 * partitions; that part is {@link SharedStreams}, which one process alone ({@code cluster} null)
 * never runs.
 */
public final class StreamRegistry {
    /** How long an open shard lives before it rolls over (docs/RULES.md#STREAM-SHARDS). */
    public static final Duration ROLLOVER = Duration.ofHours(4);

    private final Storage storage;
    private final Clock clock;
    private final Sequencer sequencer;
    /** Several nodes on the storage, or null for one process alone. */
    private final SharedStreams shared;
    /** Stream number → stream (read and changed by {@link SharedStreams} too). */
    final Map<Long, StreamState> streams = new ConcurrentHashMap<>();
    /** Table keyspace id → its enabled stream. */
    final Map<Long, StreamState> enabled = new ConcurrentHashMap<>();
    private long nextStreamNumber = 1;

    public StreamRegistry(Storage storage, Clock clock) {
        this(storage, clock, null);
    }

    /** The clock the registry stamps shards with (its sweeper waits on it too). */
    Clock clock() { return clock; }

    /** A registry of a node that shares its storage with other Keyline nodes through {@code cluster} (null: alone). */
    public StreamRegistry(Storage storage, Clock clock, StreamCluster cluster) {
        this.storage = storage;
        this.clock = clock;
        this.shared = cluster == null ? null : new SharedStreams(this, storage, clock, cluster);
        long nextSequence = 0;
        List<StreamState> firstFormat = new ArrayList<>();
        try (Cursor c = storage.range(StreamLayout.descriptorsStart(), StreamLayout.descriptorsEnd(), false)) {
            while (c.next()) {
                long number = java.nio.ByteBuffer.wrap(c.key(), c.key().length - 8, 8).getLong();
                StreamState s = StreamState.decode(number, c.value());
                if (StreamState.formatOf(c.value()) == StreamState.FORMAT_WITH_SHARDS) firstFormat.add(s);
                streams.put(number, s);
            }
        }
        for (StreamState s : streams.values()) {
            if (!firstFormat.contains(s)) loadShards(s);
        }
        // A descriptor of the first format is rewritten as a descriptor and shard entries, in one batch.
        for (StreamState s : firstFormat) write(s, true, s.shards, List.of());
        for (StreamState s : streams.values()) {
            if (s.enabled()) enabled.put(s.tableKeyspaceId, s);
            if (shared != null) { // stream numbers are derived, sequences per shard: nothing to count
                shared.loadTrimMarks(s);
                continue;
            }
            nextStreamNumber = Math.max(nextStreamNumber, s.number + 1);
            for (ShardState shard : s.shards) {
                nextSequence = Math.max(nextSequence, Math.max(shard.startSequence, shard.endSequence + 1));
                nextSequence = Math.max(nextSequence, shard.trimmedBelow);
                try (Cursor last = storage.range(StreamLayout.shardStart(s.number, shard.number),
                        StreamLayout.shardEnd(s.number, shard.number), true)) {
                    if (last.next()) nextSequence = Math.max(nextSequence, StreamLayout.sequenceOf(last.key()) + 1);
                }
            }
        }
        this.sequencer = new Sequencer(Math.max(0, nextSequence));
        for (StreamState s : streams.values()) s.knownPartitions = -1; // match partitions again on the first record
    }

    void loadShards(StreamState s) {
        try (Cursor c = storage.range(StreamLayout.shardsStart(s.number), StreamLayout.shardsEnd(s.number), false)) {
            while (c.next()) s.shards.add(StreamState.decodeShard(c.value()));
        }
    }

    Sequencer sequencer() { return sequencer; }

    /** Whether this node shares its storage with other Keyline nodes. */
    boolean shared() { return shared != null; }

    /** The batch was written or dropped: its records' sequences are no longer in flight. */
    void settle(WriteBatch batch) {
        sequencer.settle(batch);
        if (shared != null) shared.settle(batch);
    }

    /** Several nodes: this node's shard for the range of {@code token} and the record's sequence (see {@link SharedStreams#place}). */
    long[] placeInRange(StreamState s, long token, WriteBatch batch) { return shared.place(s, token, batch); }

    /** Several nodes: re-reads the stream's shards (see {@link SharedStreams#reloadShards}). Caller holds {@code s}'s monitor. */
    void reloadShards(StreamState s) { shared.reloadShards(s); }

    /**
     * Several nodes: brings this node's view of shard {@code number} of {@code s} up to date
     * where it may have changed elsewhere (a shard it does not know: every shard re-read; another
     * node's open shard: its entry re-read), and returns it, or null if there is no such shard.
     * Alone, the shard as held. Caller holds {@code s}'s monitor.
     */
    ShardState currentShard(StreamState s, long number) {
        ShardState shard = s.shard(number);
        if (shared == null || shard != null && (!shard.open() || shard.sequencer != null)) return shard;
        if (shard == null) {
            shared.reloadShards(s);
            return s.shard(number);
        }
        shared.reloadShard(s, shard);
        return shard;
    }

    /** Several nodes: the sequence after the last record stored in the shard. */
    long afterLastStored(StreamState s, ShardState shard) { return shared.afterLastStored(s, shard); }

    /** Several nodes: re-reads every stream's descriptor (see {@link SharedStreams#refresh}); nothing alone. */
    void refresh() {
        if (shared != null) shared.refresh();
    }

    /** Several nodes: ends the shards whose range moved or whose writer died (see {@link SharedStreams#sweep}); nothing alone. */
    public void sweep() {
        if (shared != null) shared.sweep();
    }

    /** Several nodes, a clean stop: this node's open shards end; nothing alone. */
    public void closeOwnShards() {
        if (shared != null) shared.closeOwnShards();
    }

    Storage storage() { return storage; }

    /** The enabled stream of the table with this keyspace, or null. */
    StreamState enabledStream(long tableKeyspaceId) { return enabled.get(tableKeyspaceId); }

    /**
     * The enabled stream of {@code table} as the catalog has it now. Alone, as {@link #enabledStream(long)}.
     * With several nodes another node may have enabled or disabled it: the registry follows the
     * catalog first (a label compared, on every write).
     */
    StreamState enabledStream(TableMetadata table) {
        StreamState s = enabled.get(table.keyspaceId());
        if (shared == null) return s;
        StreamSettings settings = table.stream();
        boolean wanted = settings != null && settings.enabled();
        if (wanted ? s != null && s.label.equals(settings.label()) : s == null) return s;
        shared.follow(table);
        return enabled.get(table.keyspaceId());
    }

    /**
     * Makes the streams follow the table's settings as the catalog now has them: a stream enabled
     * with a label no stream has yet is created, with a shard per partition (given by their
     * starts); the enabled stream of another label, or of a table whose stream is now disabled, is
     * disabled and its shards closed.
     */
    public void follow(TableMetadata table, long[][] partitionStarts) {
        if (shared != null) {
            shared.follow(table);
            return;
        }
        StreamSettings settings = table.stream();
        boolean wanted = settings != null && settings.enabled();
        StreamState current = enabled.get(table.keyspaceId());
        if (current != null && (!wanted || !current.label.equals(settings.label()))) disable(current);
        if (!wanted || (current != null && current.label.equals(settings.label()))) return;
        synchronized (this) {
            for (StreamState s : streams.values()) {
                if (s.tableKeyspaceId == table.keyspaceId() && s.label.equals(settings.label())) return;
            }
            StreamState s = new StreamState(nextStreamNumber++, table.namespace(), table.name(), table.keyspaceId(), table.arn(),
                    settings.label(), settings.viewType(), clock.millis());
            synchronized (s) {
                write(s, true, match(s, partitionStarts), List.of());
            }
            streams.put(s.number, s);
            enabled.put(s.tableKeyspaceId, s);
        }
    }

    /** The table was deleted: its streams go with it, records and all (docs/RULES.md#STREAM-ENABLE). */
    public void forget(TableMetadata table) {
        StreamState open = enabled.get(table.keyspaceId());
        if (open != null) enabled.remove(table.keyspaceId(), open);
        for (StreamState s : List.copyOf(streams.values())) {
            if (s.tableKeyspaceId != table.keyspaceId()) continue;
            synchronized (s) {
                if (s.enabled()) s.disabledMillis = clock.millis();
                streams.remove(s.number);
                storage.write(deletion(s));
            }
        }
    }

    private void disable(StreamState s) {
        synchronized (s) {
            if (!s.enabled()) return;
            long now = clock.millis();
            long end = sequencer.next() - 1;
            List<ShardState> closed = new ArrayList<>();
            for (ShardState shard : s.shards) {
                if (!shard.open()) continue;
                shard.close(Math.max(end, shard.startSequence - 1), now);
                closed.add(shard);
            }
            s.disabledMillis = now;
            s.openByPartition = new ShardState[0];
            write(s, true, closed, List.of());
        }
        enabled.remove(s.tableKeyspaceId, s);
    }

    /**
     * Chooses the shard of a record of stream {@code s} for the partition at {@code partition}
     * of {@code partitionCount} and allocates its sequence, in flight in {@code batch}: the
     * shard's number and the sequence, or null if the stream was disabled meanwhile. The
     * partition starts are asked for only when the partitions have changed.
     */
    long[] place(StreamState s, int partitionCount, int partition, java.util.function.Supplier<long[][]> partitionStarts,
                 WriteBatch batch) {
        synchronized (s) {
            if (!s.enabled()) return null;
            if (partitionCount != s.knownPartitions || partition >= s.openByPartition.length) {
                write(s, false, match(s, partitionStarts.get()), List.of());
            }
            int i = Math.min(partition, s.openByPartition.length - 1);
            ShardState shard = s.openByPartition[i];
            long now = clock.millis();
            if (now - shard.createdMillis >= ROLLOVER.toMillis()) {
                ShardState child = new ShardState(s.nextShardNumber(), shard.number, shard.startToken, shard.startSort,
                        sequencer.next(), now);
                shard.close(Math.max(sequencer.next() - 1, shard.startSequence - 1), now);
                s.shards.add(child);
                s.openByPartition[i] = child;
                write(s, false, List.of(shard, child), List.of());
                shard = child;
            }
            return new long[] {shard.number, sequencer.allocate(batch)};
        }
    }

    /**
     * Matches the open shards to the partitions, given by their starts: a shard whose range is
     * still exactly a partition's stays open; every other partition gets a new shard whose
     * parent is the open shard its start lay in; the shards left unmatched are closed. Returns the
     * shards it opened or closed, to be persisted. Caller holds {@code s}'s monitor.
     */
    private List<ShardState> match(StreamState s, long[][] starts) {
        // The open shards in start order: as last matched, or (first match after loading) found among all.
        List<ShardState> open = s.knownPartitions >= 0 && s.openByPartition.length == s.knownPartitions
                ? java.util.Arrays.asList(s.openByPartition) : s.openShards();
        List<ShardState> changed = new ArrayList<>();
        int n = starts[0].length;
        long now = clock.millis();
        long next = sequencer.next();
        ShardState[] byPartition = new ShardState[n];
        boolean[] kept = new boolean[open.size()];
        // Both lists are in start order: one pass, j at the last open shard starting at or before partition i.
        int j = -1;
        for (int i = 0; i < n; i++) {
            long token = starts[0][i], sort = starts[1][i];
            while (j + 1 < open.size() && compare(open.get(j + 1).startToken, open.get(j + 1).startSort, token, sort) <= 0) j++;
            ShardState parent = j < 0 ? null : open.get(j);
            if (parent != null && parent.startsAt(token, sort) && sameEnd(open, j, starts, i)) {
                byPartition[i] = parent;
                kept[j] = true;
                continue;
            }
            ShardState created = new ShardState(s.nextShardNumber(), parent == null ? -1 : parent.number, token, sort, next, now);
            s.shards.add(created);
            byPartition[i] = created;
            changed.add(created);
        }
        for (int k = 0; k < open.size(); k++) {
            ShardState o = open.get(k);
            if (kept[k]) continue;
            o.close(Math.max(next - 1, o.startSequence - 1), now);
            changed.add(o);
        }
        s.openByPartition = byPartition;
        s.knownPartitions = n;
        return changed;
    }

    private static boolean sameEnd(List<ShardState> open, int j, long[][] starts, int i) {
        boolean shardLast = j + 1 == open.size();
        boolean partitionLast = i + 1 == starts[0].length;
        if (shardLast || partitionLast) return shardLast == partitionLast;
        ShardState after = open.get(j + 1);
        return after.startsAt(starts[0][i + 1], starts[1][i + 1]);
    }

    private static int compare(long t1, long s1, long t2, long s2) {
        int c = Long.compare(t1, t2);
        return c != 0 ? c : Long.compare(s1, s2);
    }

    /**
     * Persists what changed of a stream, in one batch: its descriptor if {@code descriptor}, the
     * entries of {@code shards}, and the removal of {@code removed}'s. Caller holds its monitor.
     */
    void write(StreamState s, boolean descriptor, List<ShardState> shards, List<ShardState> removed) {
        if (!descriptor && shards.isEmpty() && removed.isEmpty()) return;
        WriteBatch batch = new WriteBatch();
        if (descriptor) batch.put(StreamLayout.descriptorKey(s.number), s.encode());
        for (ShardState shard : shards) batch.put(StreamLayout.shardKey(s.number, shard.number), StreamState.encodeShard(shard));
        for (ShardState shard : removed) batch.delete(StreamLayout.shardKey(s.number, shard.number));
        storage.write(batch);
    }

    /** Persists what a trim changed: alone in the shard entries, with several nodes as trim marks. Caller holds its monitor. */
    void writeTrim(StreamState s, List<ShardState> trimmed, List<ShardState> removed) {
        if (shared == null) {
            write(s, false, trimmed, removed);
        } else {
            shared.writeTrim(s, trimmed, removed);
        }
    }

    /** The deletion of a stream: records, shard entries and descriptor (and, with several nodes, trim marks). */
    private WriteBatch deletion(StreamState s) {
        WriteBatch batch = new WriteBatch().deleteRange(StreamLayout.streamStart(s.number), StreamLayout.streamEnd(s.number))
                .deleteRange(StreamLayout.shardsStart(s.number), StreamLayout.shardsEnd(s.number))
                .delete(StreamLayout.descriptorKey(s.number));
        return shared == null ? batch : batch.deleteRange(StreamLayout.trimMarksStart(s.number), StreamLayout.trimMarksEnd(s.number));
    }

    /** Every stream of the namespace, by ARN. */
    List<StreamState> streams(Namespace ns) {
        List<StreamState> out = new ArrayList<>();
        for (StreamState s : streams.values()) if (s.namespace.equals(ns)) out.add(s);
        out.sort(Comparator.comparing(StreamState::arn));
        return out;
    }

    StreamState stream(long number) { return streams.get(number); }

    List<StreamState> all() { return List.copyOf(streams.values()); }

    /** The stream of this table and label in the namespace, or null. */
    StreamState find(Namespace ns, String tableName, String label) {
        for (StreamState s : streams.values()) {
            if (s.namespace.equals(ns) && s.tableName.equals(tableName) && s.label.equals(label)) return s;
        }
        return null;
    }

    /** Drops a stream whose retention has passed, records and descriptor. */
    void drop(StreamState s) {
        synchronized (s) {
            streams.remove(s.number);
            storage.write(deletion(s));
        }
    }

    /** Several nodes: whether this node may trim now (it holds the trim lease); always alone. */
    boolean mayTrim() { return shared == null || shared.mayTrim(); }
}
