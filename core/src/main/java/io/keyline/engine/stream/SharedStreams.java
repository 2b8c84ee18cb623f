package io.keyline.engine.stream;

import io.keyline.metadata.StreamSettings;
import io.keyline.metadata.TableMetadata;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The streams of a node that shares its storage with other Keyline nodes ({@link StreamCluster};
 * docs/STREAMS.md, "Several Keyline nodes"): the part of {@link StreamRegistry} that one process
 * alone never runs. The nodes share the descriptors, shards and records; each node's registry is
 * a cache of them, re-read where a reader needs the others' state ({@link #refresh},
 * {@link #reloadShards}).
 *
 * <ul>
 *   <li><b>Streams.</b> A stream's number is derived from its table's keyspace and label
 *       ({@link #sharedNumber}), so every node that learns of an enabling from the catalog names
 *       the same stream, and any of them may write its descriptor (they all write the same one).</li>
 *   <li><b>Shards.</b> They do not follow partitions here: each node writes its records of token
 *       range <i>r</i> (the ranges by which ownership hands items to nodes) to a shard of its own,
 *       numbered from the shared counter and parented by the newest shard of the range, whoever
 *       wrote it. An item's records therefore stay in one line of shards while its range moves
 *       between nodes: a consumer that reads a parent before its children (as DynamoDB asks, and
 *       KCL does) reads them in order (docs/RULES.md#STREAM-CLUSTER-SHARDS).</li>
 *   <li><b>Sequences.</b> The writer numbers a shard's records densely from {@code number << 32}
 *       with the shard's own {@link Sequencer}: sequences are unique in the stream, increase from
 *       a parent to its child, and a reader on another node sees a record still being written as a
 *       gap ({@link StreamReader#GAP_WAIT}).</li>
 *   <li><b>Ending shards.</b> A node closes its own shards when it stops, when their stream is
 *       disabled, when another node has opened a newer shard of the range (the range moved), and at
 *       rollover; the shards of a writer whose node lease ran out are closed by any node at their
 *       last stored record ({@link #sweep}). A shard's entry is written by its writer alone, or
 *       once it is dead by a closer; trimming writes trim marks instead.</li>
 * </ul>
 *
 * <p>Threading: thread-safe, under the same monitors as the registry (a stream's for its shards,
 * the registry's for creating a stream); the in-flight map under its own.
 */
final class SharedStreams {
    private static final System.Logger LOG = System.getLogger(SharedStreams.class.getName());

    private final StreamRegistry registry;
    private final Storage storage;
    private final Clock clock;
    private final StreamCluster cluster;
    /** Each batch in flight → the shard sequencers it took sequences of (guarded by itself). */
    private final Map<WriteBatch, List<Sequencer>> inFlight = new IdentityHashMap<>();

    SharedStreams(StreamRegistry registry, Storage storage, Clock clock, StreamCluster cluster) {
        this.registry = registry;
        this.storage = storage;
        this.clock = clock;
        this.cluster = cluster;
    }

    long self() { return cluster.self(); }

    /** The batch was written or dropped: its records' sequences are no longer in flight. */
    void settle(WriteBatch batch) {
        List<Sequencer> took;
        synchronized (inFlight) {
            took = inFlight.remove(batch);
        }
        if (took != null) for (Sequencer q : took) q.settle(batch);
    }

    /** Whether this node may trim now: it holds the trim lease. */
    boolean mayTrim() { return cluster.holdTrimLease(); }

    /** Persists a trim: trim marks for {@code trimmed}, and the removal of {@code removed}'s entries and marks. Caller holds its monitor. */
    void writeTrim(StreamState s, List<ShardState> trimmed, List<ShardState> removed) {
        if (trimmed.isEmpty() && removed.isEmpty()) return;
        WriteBatch batch = new WriteBatch();
        for (ShardState shard : trimmed) {
            batch.put(StreamLayout.trimMarkKey(s.number, shard.number), ByteBuffer.allocate(8).putLong(shard.trimmedBelow).array());
        }
        for (ShardState shard : removed) {
            batch.delete(StreamLayout.shardKey(s.number, shard.number)).delete(StreamLayout.trimMarkKey(s.number, shard.number));
        }
        storage.write(batch);
    }

    /**
     * as {@link StreamRegistry#follow}, with the stream numbered by its table's keyspace and
     * label, its descriptor read if another node wrote it, else written (with the enabling time the
     * catalog holds, so that every node writes the same one); no shard is opened before a record
     * needs one.
     */
    void follow(TableMetadata table) {
        StreamSettings settings = table.stream();
        boolean wanted = settings != null && settings.enabled();
        StreamState current = registry.enabled.get(table.keyspaceId());
        if (current != null && (!wanted || !current.label.equals(settings.label()))) disable(current);
        if (!wanted || (current != null && current.label.equals(settings.label()))) return;
        synchronized (registry) {
            long number = sharedNumber(table.keyspaceId(), settings.label());
            StreamState s = registry.streams.get(number);
            if (s == null) {
                byte[] stored = storage.get(StreamLayout.descriptorKey(number));
                if (stored != null) {
                    s = StreamState.decode(number, stored);
                    registry.loadShards(s);
                    loadTrimMarks(s);
                } else {
                    long created = settings.enabledAt() != null ? settings.enabledAt().toEpochMilli() : clock.millis();
                    s = new StreamState(number, table.namespace(), table.name(), table.keyspaceId(), table.arn(), settings.label(),
                            settings.viewType(), created);
                    synchronized (s) {
                        registry.write(s, true, List.of(), List.of());
                    }
                }
                registry.streams.put(number, s);
            }
            if (s.enabled()) registry.enabled.put(s.tableKeyspaceId, s);
        }
    }

    /** the number of the stream of this keyspace and label, the same on every node, in [2^61, 2^62). */
    static long sharedNumber(long tableKeyspaceId, String label) {
        long h = 0xCBF29CE484222325L; // FNV-1a over the label's characters, then mixed with the keyspace
        for (int i = 0; i < label.length(); i++) h = (h ^ label.charAt(i)) * 0x100000001B3L;
        h ^= tableKeyspaceId * 0x9E3779B97F4A7C15L;
        h ^= h >>> 31;
        return (1L << 61) | (h & ((1L << 61) - 1));
    }

    /**
     * the stream is disabled (by this node's UpdateTable, or another's that this
     * node learned of): this node's shards close, and the descriptor records the disabling unless
     * another node recorded it first. A stream whose descriptor is gone (its table was deleted) is dropped.
     */
    private void disable(StreamState s) {
        synchronized (s) {
            if (s.enabled()) {
                long now = clock.millis();
                byte[] stored = storage.get(StreamLayout.descriptorKey(s.number));
                if (stored == null) {
                    s.disabledMillis = now;
                    registry.streams.remove(s.number, s);
                } else {
                    StreamState on = StreamState.decode(s.number, stored);
                    s.disabledMillis = on.enabled() ? now : on.disabledMillis;
                    registry.write(s, on.enabled(), closeOwnShards(s, now), List.of());
                }
            }
        }
        registry.enabled.remove(s.tableKeyspaceId, s);
    }

    /** closes this node's open shards of {@code s}, each at its last sequence given; returns them. Caller holds its monitor. */
    private List<ShardState> closeOwnShards(StreamState s, long now) {
        List<ShardState> closed = new ArrayList<>();
        if (s.writing == null) return closed;
        for (int r = 0; r < s.writing.length; r++) {
            ShardState shard = s.writing[r];
            s.writing[r] = null;
            if (shard == null || !shard.open()) continue;
            shard.close(Math.max(shard.sequencer.next() - 1, shard.startSequence - 1), now);
            closed.add(shard);
        }
        return closed;
    }

    /** A clean stop: this node's open shards end, so readers finish them and go on to the next writer's. */
    void closeOwnShards() {
        for (StreamState s : List.copyOf(registry.streams.values())) {
            synchronized (s) {
                if (registry.streams.get(s.number) == s) registry.write(s, false, closeOwnShards(s, clock.millis()), List.of());
            }
        }
    }

    /**
     * the shard of this node for the range of {@code token} in stream {@code s} and
     * the record's sequence, in flight in {@code batch}; null if the stream was disabled meanwhile.
     * A range this node has no open shard for (its first record here, the range moved here, or
     * the shard is older than {@link StreamRegistry#ROLLOVER}) gets a new one.
     */
    long[] place(StreamState s, long token, WriteBatch batch) {
        synchronized (s) {
            if (!s.enabled()) return null;
            int range = StreamCluster.rangeOf(token);
            if (s.writing == null) s.writing = new ShardState[StreamCluster.RANGES];
            ShardState shard = s.writing[range];
            long now = clock.millis();
            if (shard == null || !shard.open() || now - shard.createdMillis >= StreamRegistry.ROLLOVER.toMillis()) shard = open(s, range, now);
            long sequence = shard.sequencer.allocate(batch);
            synchronized (inFlight) {
                inFlight.computeIfAbsent(batch, b -> new ArrayList<>(1)).add(shard.sequencer);
            }
            return new long[] {shard.number, sequence};
        }
    }

    /**
     * Opens this node's shard of {@code range}: its parent is the newest shard of the range as
     * stored now, whoever wrote it (closed here if its writer is dead); this node's previous shard
     * of the range closes. Caller holds {@code s}'s monitor.
     */
    private ShardState open(StreamState s, int range, long now) {
        reloadShards(s);
        List<ShardState> changed = new ArrayList<>();
        ShardState previous = s.writing[range];
        if (previous != null && previous.open()) {
            previous.close(Math.max(previous.sequencer.next() - 1, previous.startSequence - 1), now);
            changed.add(previous);
        }
        ShardState parent = null;
        for (ShardState x : s.shards) {
            if (x.writer >= 0 && StreamCluster.rangeOf(x.startToken) == range && (parent == null || x.number > parent.number)) parent = x;
        }
        if (parent != null && parent.open() && parent.writer != cluster.self() && !cluster.liveWriters().contains(parent.writer)) {
            closeAtLastRecord(s, parent, now);
            changed.add(parent);
        }
        long number = cluster.newShardNumber();
        ShardState created = new ShardState(number, parent == null ? -1 : parent.number, StreamCluster.rangeStart(range), 0,
                number << 32, now, cluster.self());
        created.sequencer = new Sequencer(created.startSequence);
        s.shards.add(created);
        s.writing[range] = created;
        changed.add(created);
        registry.write(s, false, changed, List.of());
        return created;
    }

    /** Closes another node's shard (its writer is dead) after the last record it holds. Caller holds {@code s}'s monitor. */
    private void closeAtLastRecord(StreamState s, ShardState shard, long now) {
        long last = shard.startSequence - 1;
        try (Cursor c = storage.range(StreamLayout.shardStart(s.number, shard.number), StreamLayout.shardEnd(s.number, shard.number), true)) {
            if (c.next()) last = StreamLayout.sequenceOf(c.key());
        }
        shard.close(last, now);
    }

    /** the sequence after the last record stored in the shard (LATEST on another node's open shard). */
    long afterLastStored(StreamState s, ShardState shard) {
        try (Cursor c = storage.range(StreamLayout.shardStart(s.number, shard.number), StreamLayout.shardEnd(s.number, shard.number), true)) {
            return c.next() ? StreamLayout.sequenceOf(c.key()) + 1 : shard.startSequence;
        }
    }

    /**
     * re-reads the stream's shard entries and trim marks, so that this node sees the
     * shards other nodes opened and closed. This node's own open shards keep their state (it is
     * ahead of storage), unless another node closed one: then this node had lost its lease, and
     * stops writing there. Caller holds {@code s}'s monitor.
     */
    void reloadShards(StreamState s) {
        List<ShardState> merged = new ArrayList<>();
        try (Cursor c = storage.range(StreamLayout.shardsStart(s.number), StreamLayout.shardsEnd(s.number), false)) {
            while (c.next()) {
                ShardState stored = StreamState.decodeShard(c.value());
                ShardState mine = s.shard(stored.number);
                if (mine == null) {
                    merged.add(stored);
                    continue;
                }
                if (!stored.open() && mine.open()) {
                    if (mine.sequencer != null) { // this node's own: it had lost its lease, and writes to a new shard from now on
                        LOG.log(System.Logger.Level.WARNING, "stream shard {0} of stream {1} was closed by another node: this node had lost its lease",
                                mine.number, s.number);
                        int range = StreamCluster.rangeOf(mine.startToken);
                        if (s.writing != null && s.writing[range] == mine) s.writing[range] = null;
                    }
                    mine.close(stored.endSequence, stored.closedMillis);
                }
                merged.add(mine);
            }
        }
        merged.sort(Comparator.comparingLong(x -> x.number));
        s.shards.clear();
        s.shards.addAll(merged);
        loadTrimMarks(s);
    }

    /**
     * Re-reads one shard's entry (another node's open shard: has it ended?): one key, where
     * {@link #reloadShards} reads them all. Caller holds {@code s}'s monitor.
     */
    void reloadShard(StreamState s, ShardState shard) {
        byte[] value = storage.get(StreamLayout.shardKey(s.number, shard.number));
        if (value == null) return;
        ShardState stored = StreamState.decodeShard(value);
        if (!stored.open() && shard.open()) shard.close(stored.endSequence, stored.closedMillis);
    }

    void loadTrimMarks(StreamState s) {
        try (Cursor c = storage.range(StreamLayout.trimMarksStart(s.number), StreamLayout.trimMarksEnd(s.number), false)) {
            while (c.next()) {
                ShardState shard = s.shard(StreamLayout.shardOf(c.key()));
                long below = ByteBuffer.wrap(c.value()).getLong();
                if (shard != null && below > shard.trimmedBelow) shard.trimmedBelow = below;
            }
        }
    }

    /**
     * re-reads every stream's descriptor, so that this node lists the streams other
     * nodes enabled and sees their disabling (closing its own shards of a disabled stream); a
     * stream whose descriptor is gone (table deleted, or retention passed) is dropped here too.
     */
    void refresh() {
        Map<Long, byte[]> stored = new HashMap<>();
        try (Cursor c = storage.range(StreamLayout.descriptorsStart(), StreamLayout.descriptorsEnd(), false)) {
            while (c.next()) stored.put(ByteBuffer.wrap(c.key(), c.key().length - 8, 8).getLong(), c.value());
        }
        for (StreamState s : List.copyOf(registry.streams.values())) {
            byte[] value = stored.get(s.number);
            if (value == null) {
                registry.streams.remove(s.number, s);
                registry.enabled.remove(s.tableKeyspaceId, s);
                continue;
            }
            StreamState on = StreamState.decode(s.number, value);
            if (!on.enabled() && s.enabled()) {
                synchronized (s) {
                    s.disabledMillis = on.disabledMillis;
                    registry.write(s, false, closeOwnShards(s, clock.millis()), List.of());
                }
                registry.enabled.remove(s.tableKeyspaceId, s);
            }
        }
        synchronized (registry) {
            for (Map.Entry<Long, byte[]> e : stored.entrySet()) {
                if (registry.streams.containsKey(e.getKey())) continue;
                StreamState s = StreamState.decode(e.getKey(), e.getValue());
                registry.loadShards(s);
                loadTrimMarks(s);
                registry.streams.put(s.number, s);
                if (s.enabled()) registry.enabled.putIfAbsent(s.tableKeyspaceId, s);
            }
        }
    }

    /**
     * Every few seconds on each node: closes this node's open shards of a range in
     * which another node has opened a newer shard (the range moved away: readers of the new shard
     * wait for this one to end), and the open shards of writers whose node lease ran out (dead or
     * cut off), at their last stored record, as well as the partition shards a Keyline alone on
     * this keyspace left open (an upgrade: their items' later records start new lines of shards).
     */
    void sweep() {
        refresh();
        Set<Long> live = null;
        for (StreamState s : List.copyOf(registry.streams.values())) {
            synchronized (s) {
                if (registry.streams.get(s.number) != s) continue;
                reloadShards(s);
                long now = clock.millis();
                List<ShardState> changed = new ArrayList<>();
                ShardState[] newest = new ShardState[StreamCluster.RANGES];
                for (ShardState x : s.shards) {
                    if (x.writer < 0) continue;
                    int r = StreamCluster.rangeOf(x.startToken);
                    if (newest[r] == null || x.number > newest[r].number) newest[r] = x;
                }
                if (s.writing != null) {
                    for (int r = 0; r < s.writing.length; r++) {
                        ShardState mine = s.writing[r];
                        if (mine == null || !mine.open() || newest[r] == null || newest[r] == mine || newest[r].writer == cluster.self()) continue;
                        mine.close(Math.max(mine.sequencer.next() - 1, mine.startSequence - 1), now);
                        s.writing[r] = null;
                        changed.add(mine);
                    }
                }
                for (ShardState x : s.shards) {
                    if (!x.open() || x.writer == cluster.self()) continue;
                    // a shard of a Keyline that ran alone on this keyspace (writer -1) gets no more records either
                    if (live == null) live = cluster.liveWriters();
                    if (x.writer >= 0 && live.contains(x.writer)) continue;
                    closeAtLastRecord(s, x, now);
                    changed.add(x);
                }
                registry.write(s, false, changed, List.of());
            }
        }
    }
}
