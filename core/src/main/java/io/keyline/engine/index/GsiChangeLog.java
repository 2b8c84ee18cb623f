package io.keyline.engine.index;

import io.keyline.storage.Keyspaces;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.error.InternalFailure;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.TreeSet;

/**
 * The durable log of GSI changes not yet applied. Persisted format, in the catalog's keyspace 0
 * under tag 0x03 (the catalog uses 0x01, 0x10 and, read once to migrate format 1, 0x02):
 *
 * <pre>
 * key    prefix(0) | 0x03 | sequence (8, big-endian)
 * value  commit time in epoch millis (8) | count (4) | mutation*
 * mutation = index keyspace id (8) | kind (1: 0 delete, 1 put) | key length (4) | key
 *            | for a put: value length (4) | value (an ItemCodec item)
 * </pre>
 *
 * Processes that share one storage (cluster mode, docs/CLUSTER.md "Several Keyline nodes")
 * each write their own log, so no two records share a key: log {@code id}, given to a process
 * once by the shared counter, lives under {@code prefix(0) | 0x05 | id (8, big-endian) | sequence
 * (8)} with the same values. Everything below holds per log; which process applies a log is a
 * lease's question ({@code engine.cluster}).
 *
 * <p>A record is added in the same storage batch as the item write it comes from, so it exists if
 * and only if the write happened. Sequences are handed out under the written item's lock, so
 * the records of one item are in commit order; records of different items touch disjoint
 * entries (an entry key ends with the base key), so their relative order does not matter.
 * After a restart the sequence continues past the last record left.
 *
 * <p>Where a scan of the log starts: the applied records are deleted, and on RocksDB a deleted
 * key stays behind as a tombstone that every iterator steps over until compaction drops it, so
 * a scan from the log's first key costs the whole applied history. The log therefore keeps a
 * {@link #floor}: every sequence below it is applied (its record deleted) or was never written,
 * and scans ({@link #unapplied}, {@link #appliedBefore}, {@link #oldestUnapplied}) start there,
 * with RocksDB's iterate_lower_bound and iterate_upper_bound set to the scan's ends (RocksCursor).
 * That is what RocksDB's wiki recommends for a queue ("Implement Queue Service Using RocksDB":
 * remember the first live sequence, never iterate over the deleted head, and always bound the
 * iterator). A DeleteRange per applied run was rejected: with the floor no scan reaches those
 * tombstones anyway, and range tombstones pile up one per drain in the memtable, where every
 * read of the database has to consider them. Compaction hints (CompactOnDeletionCollector) only
 * reclaim the tombstones' space sooner and would add compactions under the request path; not used.
 *
 * <p>Where another node's scan starts (shared logs only). A node looks for logs that hold
 * records ({@link #sharedLogsWithRecords}, every 2 s) and adopts a dead node's log, without that
 * log's floor. On Cassandra an applied record leaves tombstones for the table's gc_grace_seconds,
 * all logs' in one Cassandra partition, and a read that steps over 100,000 fails; a scan from
 * the logs' first key would step over every record applied in that time. So the node applying a
 * log writes its floor beside it as a hint, {@code prefix(0) | 0x06 | id (8)} → floor (8), each
 * time the floor has moved {@value #HINT_EVERY} records past the last hint (one small write per
 * that many records), and every scan of a log it does not apply, and the opening of a log,
 * starts at the hint: everything below it is applied. A hint is deleted once its log has been
 * drained by the node that adopted it ({@link #forgetHint}).
 *
 * <p>Why the floor never passes a record still to come. A sequence is allocated before its batch
 * commits, so a record with a low sequence can appear after records above it were applied. The
 * log therefore tracks the sequences <em>in flight</em>: allocated, their batch neither committed
 * nor abandoned. Whoever appends to a batch calls {@link #settle} with that batch once
 * {@link Storage#write} has returned or failed, or once the batch is dropped unwritten (a
 * sequence burned). {@link #settledBelow} is the lowest in-flight sequence (or the next to be
 * allocated): every record below it that will ever exist is visible in storage now. The
 * propagator reads it before opening its cursor and afterwards moves the floor to at most that
 * value, and to no further than the first record it left unapplied ({@link #advanceFloor}).
 * After a restart nothing is in flight, and the floor is the first record left in storage.
 *
 * <p>Per index ({@link #oldestUnapplied(long)}, the GsiPropagationLag of one GSI): the log keeps
 * in memory, per GSI keyspace, the sequence and commit time of each record not yet applied that
 * touches it, in sequence order (appended under the allocation monitor, which orders them). Records
 * are applied in sequence order from the floor, so the oldest unapplied change of an index is the
 * first of its entries at or above the floor: entries below it are dropped when the floor moves
 * (and when asked). A write pays one queue append per GSI it changes; after a restart the records
 * left are read once to fill the queues.
 *
 * <p>Threading: thread-safe. Allocation and the in-flight set share one monitor, so a sequence is
 * never allocated without being in flight; the floor is volatile and only the propagator (one
 * drain at a time) moves it.
 */
public final class GsiChangeLog {
    static final byte TAG = 0x03;
    /** The tag of the logs of processes sharing a storage, each under its own id. */
    static final byte SHARED_TAG = 0x05;
    /** The tag of the shared logs' floor hints. */
    static final byte FLOOR_TAG = 0x06;
    /** A log's floor hint is written each time its floor has moved this many records past it. */
    static final long HINT_EVERY = 1_000;
    private static final int DELETE = 0;
    private static final int PUT = 1;

    /** One GSI mutation: a put when {@code value} is non-null, else a delete. */
    public record Mutation(long keyspaceId, byte[] key, byte[] value) {}

    /** One pending record. */
    public record Record(byte[] logKey, long sequence, long commitMillis, List<Mutation> mutations) {}

    /** The oldest change not yet applied: its sequence and its commit time on the injected clock. */
    public record Pending(long sequence, long commitMillis) {}

    private final Storage storage;
    /** The key of this log's sequence 0, less its 8 sequence bytes; {@link #lastKey}: the log's exclusive end. */
    private final byte[] logPrefix;
    private final byte[] lastKey;
    /** Guarded by this: the sequence the next record gets. */
    private long nextSequence;
    /** Guarded by this: the first sequence of each batch in flight, by batch identity. */
    private final Map<WriteBatch, Long> batchesInFlight = new IdentityHashMap<>();
    /** Guarded by this: the values of {@link #batchesInFlight}, ordered (a batch's first is its lowest). */
    private final TreeSet<Long> inFlight = new TreeSet<>();
    /**
     * The size of {@link #batchesInFlight}, written under this: a writer of a table without GSIs
     * settles its batch without taking the monitor when nothing is in flight (its own append, had
     * there been one, would have raised it first, on the same thread or before the hand-over).
     */
    private volatile int batchCount;
    /** Every sequence below is applied or was never written; moved only by {@link #advanceFloor}. */
    private volatile long floor;
    /** This log's id (negative: the one-process log, which keeps no hint), and the floor its hint last said. */
    private final long id;
    private long hinted;
    /** Per GSI keyspace: the records not yet applied that touch it, oldest first (appended under this). */
    private final Map<Long, Queue<Pending>> pendingByIndex = new ConcurrentHashMap<>();

    /** The log of a process alone on its storage. */
    public GsiChangeLog(Storage storage) { this(storage, -1); }

    /** Shared log {@code id} (at least 0) of a process sharing its storage; a negative id is the one-process log. */
    public GsiChangeLog(Storage storage, long id) {
        this.storage = storage;
        this.logPrefix = id < 0 ? Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG})
                : Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(SHARED_TAG).putLong(id).array());
        this.lastKey = id < 0 ? end() : Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(SHARED_TAG).putLong(id + 1).array());
        this.id = id;
        this.hinted = id < 0 ? 0 : hintOf(storage, id);
        long next = hinted;
        try (Cursor c = storage.range(recordKey(hinted), last(), true)) {
            if (c.next()) next = sequenceOf(c.key()) + 1;
        }
        long first = next;
        // Once per start, the only scan that may cross the deleted head of the log (from its hint, if any).
        try (Cursor c = storage.range(recordKey(hinted), last(), false)) {
            if (c.next()) first = sequenceOf(c.key());
        }
        nextSequence = next;
        floor = first;
        // Once per start: the records left (the propagator applies them soon) by the indexes they touch.
        try (Cursor c = storage.range(recordKey(first), last(), false)) {
            while (c.next()) {
                Record r = decode(c.key(), c.value());
                track(r.sequence(), r.commitMillis(), r.mutations().stream().mapToLong(Mutation::keyspaceId).distinct().toArray());
            }
        }
    }

    private void track(long sequence, long commitMillis, long[] keyspaces) {
        Pending p = new Pending(sequence, commitMillis);
        for (long k : keyspaces) pendingByIndex.computeIfAbsent(k, x -> new ConcurrentLinkedQueue<>()).add(p);
    }

    /**
     * Adds a record of these deltas to {@code batch}; returns its sequence, or -1 if there is
     * nothing to record. The sequence is in flight until {@link #settle}{@code (batch)}.
     */
    public long append(WriteBatch batch, long commitMillis, List<IndexEntries.Delta> deltas) {
        List<Mutation> mutations = new ArrayList<>();
        for (IndexEntries.Delta d : deltas) {
            for (byte[] k : d.deletes()) mutations.add(new Mutation(d.index().keyspaceId(), k, null));
            for (IndexEntries.Put p : d.puts()) mutations.add(new Mutation(d.index().keyspaceId(), p.key(), ItemCodec.encode(p.entry())));
        }
        if (mutations.isEmpty()) return -1;
        byte[] value = encode(commitMillis, mutations);
        long sequence;
        synchronized (this) {
            sequence = nextSequence++;
            trackDeltas(sequence, commitMillis, deltas);
            if (batchesInFlight.putIfAbsent(batch, sequence) == null) {
                inFlight.add(sequence);
                batchCount = batchesInFlight.size();
            }
        }
        batch.put(recordKey(sequence), value);
        return sequence;
    }

    private void trackDeltas(long sequence, long commitMillis, List<IndexEntries.Delta> deltas) {
        Pending p = null;
        long last = Long.MIN_VALUE;
        for (IndexEntries.Delta d : deltas) {
            long k = d.index().keyspaceId();
            if (k == last || d.deletes().isEmpty() && d.puts().isEmpty()) continue;
            if (p == null) p = new Pending(sequence, commitMillis);
            pendingByIndex.computeIfAbsent(k, x -> new ConcurrentLinkedQueue<>()).add(p);
            last = k;
        }
    }

    /**
     * Says that {@code batch} has been written, or never will be: its sequences are no longer in
     * flight. Call it after {@link Storage#write} returns or throws, and for a batch dropped
     * unwritten; a batch with no record of this log is ignored. Until it is called, the floor
     * cannot pass the batch's records, so a missed call costs scans, never a lost record.
     */
    public void settle(WriteBatch batch) {
        if (batchCount == 0) return;
        synchronized (this) {
            Long first = batchesInFlight.remove(batch);
            if (first == null) return;
            inFlight.remove(first);
            batchCount = batchesInFlight.size();
        }
    }

    /** The sequence the next record will get. */
    public synchronized long nextSequence() { return nextSequence; }

    /**
     * The lowest sequence in flight, or the next to be allocated if none is: every record below it
     * was committed (and is visible to a cursor opened from now on) or will never exist.
     */
    synchronized long settledBelow() { return inFlight.isEmpty() ? nextSequence : inFlight.first(); }

    /** Every sequence below this is applied or was never written (for tests and the propagator). */
    long floor() { return floor; }

    /**
     * Moves the floor up to {@code sequence} (never down). The caller, the propagator in a drain,
     * has applied every record below it and read {@link #settledBelow} no lower before its scan.
     */
    void advanceFloor(long sequence) {
        if (sequence <= floor) return;
        floor = sequence;
        for (Queue<Pending> q : pendingByIndex.values()) dropApplied(q, sequence);
        if (id >= 0 && sequence - hinted >= HINT_EVERY) {
            try {
                storage.write(new WriteBatch().put(floorKey(id), ByteBuffer.allocate(Long.BYTES).putLong(sequence).array()));
                hinted = sequence;
            } catch (RuntimeException e) {
                // only a hint: other nodes' scans start lower until the next one is written
            }
        }
    }

    /** The key of shared log {@code id}'s floor hint. */
    static byte[] floorKey(long id) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(FLOOR_TAG).putLong(id).array());
    }

    /** Shared log {@code id}'s floor hint, or 0 when it has none. */
    private static long hintOf(Storage storage, long id) {
        byte[] hint = storage.get(floorKey(id));
        return hint == null || hint.length != Long.BYTES ? 0 : ByteBuffer.wrap(hint).getLong();
    }

    /**
     * Deletes shared log {@code id}'s floor hint: the log was drained by the node that adopted it
     * after its writer died. If the writer was only paused and writes again, scans of its log
     * start at its first key, slower but complete.
     */
    static void forgetHint(Storage storage, long id) {
        storage.write(new WriteBatch().delete(floorKey(id)));
    }

    /** Drops the entries below {@code floor}: applied, or never written. Safe against a concurrent drop. */
    private static void dropApplied(Queue<Pending> q, long floor) {
        for (Pending head = q.peek(); head != null && head.sequence() < floor; head = q.peek()) q.remove(head);
    }

    /** A cursor over the records not yet applied, from the floor, in sequence order. */
    Cursor unapplied() { return storage.range(recordKey(floor), last(), false); }

    /** True when no record with a sequence below {@code sequence} is left. */
    public boolean appliedBefore(long sequence) {
        long from = floor;
        if (sequence <= from) return true;
        try (Cursor c = storage.range(recordKey(from), sequence == Long.MAX_VALUE ? last() : recordKey(sequence), false)) {
            return !c.next();
        }
    }

    /**
     * The oldest committed change not yet applied, or empty when every change is applied: one
     * seek from the floor. Its {@code commitMillis} is on the engine's injected clock, so the lag
     * of GSI propagation is {@code clock.millis() - commitMillis}.
     */
    public Optional<Pending> oldestUnapplied() {
        try (Cursor c = unapplied()) {
            if (!c.next()) return Optional.empty();
            byte[] value = c.value();
            if (value.length < Long.BYTES) throw corrupt(c.key(), "truncated (" + value.length + " bytes)");
            return Optional.of(new Pending(sequenceOf(c.key()), ByteBuffer.wrap(value).getLong()));
        }
    }

    /**
     * The oldest change not yet applied to the GSI of keyspace {@code indexKeyspaceId}, or empty
     * when all its changes are applied: an in-memory look-up, no storage read. A record allocated
     * but not yet committed counts (its change is on its way).
     */
    public Optional<Pending> oldestUnapplied(long indexKeyspaceId) {
        Queue<Pending> q = pendingByIndex.get(indexKeyspaceId);
        if (q == null) return Optional.empty();
        dropApplied(q, floor);
        return Optional.ofNullable(q.peek());
    }

    /** The key of this log's record {@code sequence}. */
    byte[] recordKey(long sequence) {
        return ByteBuffer.allocate(logPrefix.length + Long.BYTES).put(logPrefix).putLong(sequence).array();
    }

    private byte[] first() { return logPrefix; }

    private byte[] last() { return lastKey; }

    /** The ids of the shared logs that hold at least one record, in order, the one-process log (-1) first: one seek per log. */
    static List<Long> sharedLogsWithRecords(Storage storage) {
        List<Long> ids = new ArrayList<>();
        // the one-process log, as -1: records a Keyline of one node left before the storage was shared
        try (Cursor c = storage.range(start(), end(), false)) {
            if (c.next()) ids.add(-1L);
        }
        java.util.TreeMap<Long, Long> hints = new java.util.TreeMap<>();
        try (Cursor c = storage.range(Keyspaces.key(Keyspaces.CATALOG, new byte[] {FLOOR_TAG}),
                Keyspaces.key(Keyspaces.CATALOG, new byte[] {FLOOR_TAG + 1}), false)) {
            while (c.next()) {
                if (c.key().length != Keyspaces.PREFIX_LENGTH + 9 || c.value().length != Long.BYTES) continue;
                hints.put(ByteBuffer.wrap(c.key(), Keyspaces.PREFIX_LENGTH + 1, Long.BYTES).getLong(), ByteBuffer.wrap(c.value()).getLong());
            }
        }
        // one seek per log: the logs between two hinted ones from their first key (their applied heads are
        // shorter than a hint's step), each hinted log from its hint
        long nextId = 0;
        while (nextId >= 0) {
            Map.Entry<Long, Long> hinted = hints.ceilingEntry(nextId);
            byte[] to = hinted == null ? Keyspaces.key(Keyspaces.CATALOG, new byte[] {SHARED_TAG + 1}) : logStart(hinted.getKey());
            Long found = firstLogIn(storage, logStart(nextId), to);
            if (found != null) {
                ids.add(found);
                nextId = found + 1;
                continue;
            }
            if (hinted == null) return ids;
            long id = hinted.getKey();
            byte[] from = ByteBuffer.allocate(logStart(id).length + Long.BYTES).put(logStart(id)).putLong(hinted.getValue()).array();
            if (firstLogIn(storage, from, id == Long.MAX_VALUE ? to : logStart(id + 1)) != null) ids.add(id);
            nextId = id + 1; // past Long.MAX_VALUE: negative, the end
        }
        return ids;
    }

    /** The id of the first shared log with a record in [{@code from}, {@code to}), or null. */
    private static Long firstLogIn(Storage storage, byte[] from, byte[] to) {
        try (Cursor c = storage.range(from, to, false)) {
            return c.next() ? ByteBuffer.wrap(c.key(), Keyspaces.PREFIX_LENGTH + 1, Long.BYTES).getLong() : null;
        }
    }

    /** The first key of shared log {@code id}. */
    private static byte[] logStart(long id) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(SHARED_TAG).putLong(id).array());
    }

    /** The key of record {@code sequence} of the one-process log. */
    static byte[] key(long sequence) {
        return Keyspaces.key(Keyspaces.CATALOG, ByteBuffer.allocate(9).put(TAG).putLong(sequence).array());
    }

    static byte[] start() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG}); }

    static byte[] end() { return Keyspaces.key(Keyspaces.CATALOG, new byte[] {TAG + 1}); }

    /** A record key's sequence: its last 8 bytes, in every log. */
    static long sequenceOf(byte[] logKey) { return ByteBuffer.wrap(logKey, logKey.length - Long.BYTES, Long.BYTES).getLong(); }

    static byte[] encode(long commitMillis, List<Mutation> mutations) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * mutations.size() + 16);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(commitMillis);
            out.writeInt(mutations.size());
            for (Mutation m : mutations) {
                out.writeLong(m.keyspaceId());
                out.writeByte(m.value() == null ? DELETE : PUT);
                out.writeInt(m.key().length);
                out.write(m.key());
                if (m.value() != null) {
                    out.writeInt(m.value().length);
                    out.write(m.value());
                }
            }
        } catch (IOException e) { // a stream into memory does not fail; a failure here is a bug
            throw new InternalFailure("encoding a GSI change record", e.toString(), e);
        }
        return bytes.toByteArray();
    }

    /** @throws InternalFailure if the stored record is not one this version writes */
    static Record decode(byte[] logKey, byte[] value) {
        try {
            return read(logKey, value);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw corrupt(logKey, "truncated (" + value.length + " bytes)");
        }
    }

    private static Record read(byte[] logKey, byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        long millis = in.getLong();
        int count = in.getInt();
        List<Mutation> mutations = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long keyspace = in.getLong();
            int kind = in.get();
            byte[] key = new byte[in.getInt()];
            in.get(key);
            byte[] v = null;
            if (kind == PUT) {
                v = new byte[in.getInt()];
                in.get(v);
            } else if (kind != DELETE) {
                throw corrupt(logKey, "mutation kind " + kind);
            }
            mutations.add(new Mutation(keyspace, key, v));
        }
        if (in.hasRemaining()) throw corrupt(logKey, in.remaining() + " bytes after the last mutation");
        return new Record(logKey, sequenceOf(logKey), millis, mutations);
    }

    private static InternalFailure corrupt(byte[] logKey, String problem) {
        return new InternalFailure("decoding GSI change record " + sequenceOf(logKey), problem);
    }
}
