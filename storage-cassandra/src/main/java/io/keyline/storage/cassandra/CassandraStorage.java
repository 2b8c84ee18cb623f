package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import io.keyline.storage.Cursor;
import io.keyline.storage.Fence;
import io.keyline.storage.FencedOut;
import io.keyline.storage.PartitionLayout;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Storage in an Apache Cassandra cluster (docs/CLUSTER.md), through the Java driver.
 *
 * <p>Layout: {@link Placement}, {@link KeyLayout} and {@link Schema}. Keys of a table's or an
 * index's keyspace, as the engine's {@link io.keyline.storage.PartitionLayout} names them, live in
 * that keyspace's own Cassandra table, partitioned by the encoded partition key, so Cassandra's
 * token is Keyline's and a Scan segment is a token range ({@link TokenPlan}); the rest live in
 * {@code versions}. Every batch is written as rows of one new
 * version ({@link Versions}); a reader reads at a version, so batches are atomic for every reader
 * of this process (point reads, multi-gets, cursors and snapshots), snapshots and cursors see one
 * point in time, and superseded versions are deleted later by the {@link Collector}. A batch is
 * one Cassandra batch (logged when it spans partitions, so Cassandra applies all of it or, after
 * a crash, replays it from its batch log) unless it is larger than {@value #CHUNK_BYTES} bytes:
 * then several, still atomic for readers, but a crash of this process mid-batch can leave part
 * of it, which this process's successor sees. Durable once written at the configured
 * consistency level (QUORUM by default: on a majority of replicas' commit logs).
 *
 * <p>Across Keyline nodes sharing a keyspace: a batch acknowledged by one node is seen by a read
 * that starts later on another (versions come from the wall clock, read points are at least
 * now); but a reader may see another node's batch that is still being written in part, and a
 * snapshot older than the collector's delay may miss versions another node collected. What is
 * weaker than on RocksDB, and why, is in docs/CLUSTER.md.
 *
 * <p>A batch with a {@link Fence} (cluster mode, docs/RULES.md#CLUSTER-FENCE) is written only
 * inside its term: refused, with nothing sent, once the term has ended or when its version is not
 * below the term's end (so the next owner's versions, taken after the term, are all above it: a
 * row that reaches Cassandra late never hides the next owner's); its statements wait no longer
 * than the term has left, are not sent again after it, and a write that completes after it is
 * reported failed ({@link FencedOut}, not refused).
 *
 * <p>Threading: thread-safe. Batches with a range delete run alone (a write lock of this
 * process), since their keys are found by reading; other batches run in parallel. A range
 * delete of a whole partitioned keyspace drops its table instead, after the batch. A read that
 * fails while a dead Cassandra node is not yet known dead is sent again ({@link ReadRetry}), a
 * write that times out likewise ({@link #executeUntilWritten}). Driver failures that remain
 * surface as {@link StorageException}, as does any call after {@link #close}.
 */
public final class CassandraStorage implements Storage {
    /** Rows a cursor fetches per round trip: a page of a Query rarely needs more. */
    static final int PAGE_ROWS = 256;
    /** The largest Cassandra batch written at once (well below Cassandra's mutation limit). */
    static final int CHUNK_BYTES = 2 << 20;
    private static final int CHUNK_STATEMENTS = 2048;
    /** Sends of a write that timed out or found too few replicas (a timeout waits the cluster's write timeout, 2 s by default). */
    private static final int WRITE_ATTEMPTS = 10;
    /** The driver's request timeout ({@link DriverSessions}): a fenced statement's is shorter when its term has less left. */
    private static final long REQUEST_TIMEOUT_MILLIS = DriverSessions.REQUEST_TIMEOUT.toMillis();
    /** A bound on the directory entries remembered as written; forgetting one only costs a rewrite. */
    private static final int MAX_KNOWN_HEADS = 1 << 20;
    private static final byte[] TOMBSTONE = new byte[0];

    private final CqlSession session;
    private final boolean ownsSession;
    private final CassandraOptions options;
    private final ConsistencyLevel consistency;
    private final Schema schema;
    private final Versions versions;
    private final Collector collector;
    private final Placement placement;
    private final Set<ByteBuffer> knownHeads = ConcurrentHashMap.newKeySet();
    private final Set<ByteBuffer> knownShards = ConcurrentHashMap.newKeySet();
    private final ReentrantReadWriteLock writers = new ReentrantReadWriteLock();
    /** Reads are sent again through a Cassandra node's detection window (docs/CLUSTER.md, "Failure run"). */
    private final ReadRetry readRetry = ReadRetry.DEFAULT;
    private volatile boolean closed;
    /** Tests: runs before each statement of a write is sent, after its fence was checked (a pause there is a paused node). */
    volatile Runnable beforeSend = () -> {};

    /** Connects to the cluster (its own driver session, closed with the storage) and creates the keyspace and tables if missing. */
    public static CassandraStorage open(CassandraOptions options, InstantSource clock) {
        CqlSession session = DriverSessions.open(options, config -> config
                .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, PAGE_ROWS)
                // every statement is idempotent (a row of a version, a delete below a version, a read):
                // so the driver may retry it on another node when a node dies with it in flight
                .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true));
        try {
            return new CassandraStorage(session, true, options, clock);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** A storage on a session the caller owns (and closes); creates the keyspace and tables if missing. */
    public CassandraStorage(CqlSession session, CassandraOptions options, InstantSource clock) {
        this(session, false, options, clock);
    }

    private CassandraStorage(CqlSession session, boolean ownsSession, CassandraOptions options, InstantSource clock) {
        this.session = session;
        this.ownsSession = ownsSession;
        this.options = options;
        this.consistency = DefaultConsistencyLevel.valueOf(options.consistency());
        this.schema = new Schema(session, options.keyspace());
        this.placement = new Placement(schema, clock);
        this.versions = new Versions(clock);
        this.collector = new Collector(session, schema, consistency, versions, clock, options.gcDelay());
        driver("create the keyspace " + options.keyspace(), () -> {
            schema.create(options.replication());
            return null;
        });
    }

    // ---- reads ----

    @Override public byte[] get(byte[] key) {
        checkOpen();
        Versions.ReadPoint point = versions.openReader();
        try {
            return read(key, point);
        } finally {
            releaseReader(point);
        }
    }

    @Override public List<byte[]> multiGet(List<byte[]> keys) {
        checkOpen();
        Versions.ReadPoint point = versions.openReader();
        try {
            return multiRead(keys, point);
        } finally {
            releaseReader(point);
        }
    }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        checkOpen();
        Versions.ReadPoint point = versions.openReader();
        try {
            return cursor(from, to, reverse, point);
        } catch (RuntimeException e) {
            releaseReader(point);
            throw e;
        }
    }

    /** Keys of partitioned keyspaces go to their own tables from now on (docs/CLUSTER.md, "Layout"). */
    @Override public void partitionLayout(PartitionLayout layout) { placement.layout(layout); }

    Placement placement() { return placement; }

    /**
     * A cursor over {@code [from, to)} at {@code point}, which it releases once when closed: a
     * {@link TokenCursor} inside one partitioned keyspace, a {@link CassandraCursor} over keys of
     * {@code versions}, and for a range across keyspaces the pieces of each, one after another.
     */
    Cursor cursor(byte[] from, byte[] to, boolean reverse, Versions.ReadPoint point) {
        Long only = onlyKeyspace(from, to);
        if (only != null) {
            if (placement.partitioned(only)) {
                if (placement.isDropped(only)) return new CassandraCursor(this, from, from, reverse, point); // empty
                return new TokenCursor(this, only, placement.table(only), from, to, reverse, point);
            }
            return new CassandraCursor(this, from, to, reverse, point);
        }
        if (placement.layout() == PartitionLayout.NONE) return new CassandraCursor(this, from, to, reverse, point);
        java.util.SortedSet<Long> ids = driver("read", placement::withTables);
        List<java.util.function.Supplier<Cursor>> pieces = new ArrayList<>();
        byte[] at = from;
        for (long id : ids) {
            byte[] start = io.keyline.storage.Keyspaces.prefix(id);
            byte[] end = id == -1L ? null : io.keyline.storage.Keyspaces.end(id);
            if (to != null && Arrays.compareUnsigned(start, to) >= 0) break;
            if (from != null && end != null && Arrays.compareUnsigned(end, from) <= 0) continue;
            byte[] below = at;
            if (below == null || Arrays.compareUnsigned(below, start) < 0) pieces.add(() -> piece(below, start, reverse, point, null));
            byte[] low = below == null || Arrays.compareUnsigned(below, start) < 0 ? start : below;
            byte[] high = to != null && (end == null || Arrays.compareUnsigned(to, end) < 0) ? to : end;
            pieces.add(() -> piece(low, high, reverse, point, id));
            at = end;
            if (end == null) break;
        }
        byte[] rest = at;
        if (pieces.isEmpty() || rest != null) pieces.add(() -> piece(rest, to, reverse, point, null));
        if (reverse) java.util.Collections.reverse(pieces);
        return new ChainedCursor(pieces, () -> releaseReader(point));
    }

    /** One piece of a chained range, holding the read point for itself. */
    private Cursor piece(byte[] from, byte[] to, boolean reverse, Versions.ReadPoint point, Long partitioned) {
        retainReader(point);
        try {
            return partitioned == null ? new CassandraCursor(this, from, to, reverse, point)
                    : new TokenCursor(this, partitioned, placement.table(partitioned), from, to, reverse, point);
        } catch (RuntimeException e) {
            releaseReader(point);
            throw e;
        }
    }

    /** The keyspace every key of {@code [from, to)} is in, or null when the range may span several. */
    private static Long onlyKeyspace(byte[] from, byte[] to) {
        if (from == null || to == null || from.length < io.keyline.storage.Keyspaces.PREFIX_LENGTH) return null;
        long id = Placement.keyspaceOf(from);
        if (id != -1L && Arrays.compareUnsigned(to, io.keyline.storage.Keyspaces.end(id)) > 0) return null;
        return id;
    }

    @Override public Snapshot snapshot() {
        checkOpen();
        return new CassandraSnapshot(this, versions.openReader());
    }

    /** The value of {@code key} at read point {@code point}, or null. */
    byte[] read(byte[] key, Versions.ReadPoint point) {
        checkOpen();
        return driver("read", () -> {
            BoundStatement get = getStatement(key);
            return get == null ? null : newestValue(readRetry.run(() -> session.execute(get)), point);
        });
    }

    List<byte[]> multiRead(List<byte[]> keys, Versions.ReadPoint point) {
        checkOpen();
        return driver("multi-get", () -> readRetry.run(() -> {
            List<CompletableFuture<AsyncResultSet>> pending = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                BoundStatement get = getStatement(key);
                pending.add(get == null ? null : session.executeAsync(get).toCompletableFuture());
            }
            List<byte[]> values = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                if (pending.get(i) == null) {
                    values.add(null);
                    continue;
                }
                AsyncResultSet page = pending.get(i).join();
                // a key has more versions than a page only under heavy rewriting: read it whole
                values.add(page.hasMorePages() ? newestValue(session.execute(getStatement(keys.get(i))), point)
                        : newestValue(page.currentPage(), point));
            }
            return values;
        }));
    }

    /** The read of every version of {@code key}, or null for a key that cannot be stored (no place). */
    private BoundStatement getStatement(byte[] key) {
        Placement.Place place = placement.place(key);
        if (place == null) return null;
        return schema.getEntry(place.table()).bind(place.partition(), place.tail()).setConsistencyLevel(consistency);
    }

    /** Rows of one partition of a partitioned keyspace's table within raw tail bounds (null = open), first page. */
    CompletableFuture<AsyncResultSet> partitionSlice(String table, byte[] pk, byte[] lowerTail, byte[] upperTail, boolean reverse) {
        List<Object> values = new ArrayList<>(3);
        values.add(ByteBuffer.wrap(pk));
        if (lowerTail != null) values.add(KeyLayout.stored(lowerTail));
        if (upperTail != null) values.add(KeyLayout.stored(upperTail));
        return executeAsync(schema.partitionSlice(table, lowerTail != null, upperTail != null, reverse).bind(values.toArray()));
    }

    /** Rows of a partitioned keyspace's table with {@code lower <= token < upper} (null = open), in token order, first page. */
    CompletableFuture<AsyncResultSet> tokenRange(String table, Long lower, Long upper) {
        List<Object> values = new ArrayList<>(2);
        if (lower != null) values.add(lower);
        if (upper != null) values.add(upper);
        return executeAsync(schema.tokenRange(table, lower != null, upper != null).bind(values.toArray()));
    }

    /** The partition keys of a partitioned keyspace's table whose token is {@code token}. */
    List<byte[]> partitionsAt(String table, long token) {
        checkOpen();
        return driver("read", () -> readRetry.run(() -> {
            List<byte[]> pks = new ArrayList<>(1);
            for (Row row : session.execute(schema.partitionsAt(table).bind(token, token).setConsistencyLevel(consistency))) {
                pks.add(bytes(row.getByteBuffer(0)));
            }
            return pks;
        }));
    }

    /** Of one key's versions (newest first), the value of the newest visible at {@code point}, or null. */
    private byte[] newestValue(Iterable<Row> rows, Versions.ReadPoint point) {
        for (Row row : rows) {
            if (!versions.visible(row.getLong(0), point)) continue;
            return row.getBoolean(2) ? null : bytes(row.getByteBuffer(1));
        }
        return null;
    }

    /** Rows (tail, version, value, deleted) of one head within tail bounds (null = open), first page. */
    CompletableFuture<AsyncResultSet> slice(byte[] head, byte[] lowerTail, byte[] upperTail, boolean reverse) {
        List<Object> values = new ArrayList<>(3);
        values.add(KeyLayout.stored(head));
        if (lowerTail != null) values.add(KeyLayout.stored(lowerTail));
        if (upperTail != null) values.add(KeyLayout.stored(upperTail));
        return executeAsync(schema.slice(lowerTail != null, upperTail != null, reverse).bind(values.toArray()));
    }

    /** Stored shards between stored bounds (null = open), in order. */
    Iterable<Row> shards(ByteBuffer lower, ByteBuffer upper, boolean reverse) {
        List<Object> values = new ArrayList<>(2);
        if (lower != null) values.add(lower);
        if (upper != null) values.add(upper);
        BoundStatement statement = schema.shards(lower != null, upper != null, reverse).bind(values.toArray());
        checkOpen();
        return driver("read", () -> readRetry.run(() -> session.execute(statement.setConsistencyLevel(consistency).setPageSize(PAGE_ROWS))));
    }

    /** Stored heads of one stored shard between stored bounds (null = open), in order, first page. */
    CompletableFuture<AsyncResultSet> heads(ByteBuffer shard, ByteBuffer lower, ByteBuffer upper, boolean reverse) {
        List<Object> values = new ArrayList<>(3);
        values.add(shard);
        if (lower != null) values.add(lower);
        if (upper != null) values.add(upper);
        return executeAsync(schema.heads(lower != null, upper != null, reverse).bind(values.toArray()));
    }

    private CompletableFuture<AsyncResultSet> executeAsync(BoundStatement statement) {
        checkOpen();
        BoundStatement read = statement.setConsistencyLevel(consistency).setPageSize(PAGE_ROWS);
        return driver("read", () -> readRetry.runAsync(() -> session.executeAsync(read).toCompletableFuture()));
    }

    boolean visible(long version, Versions.ReadPoint point) { return versions.visible(version, point); }

    void retainReader(Versions.ReadPoint point) { versions.retainReader(point); }

    void releaseReader(Versions.ReadPoint point) {
        versions.closeReader(point);
        if (!closed) collector.collect();
    }

    // ---- writes ----

    @Override public void write(WriteBatch batch) {
        checkOpen();
        if (batch.isEmpty()) return;
        boolean alone = batch.mutations().stream().anyMatch(m -> m.kind() == WriteBatch.Kind.DELETE_RANGE);
        Lock lock = alone ? writers.writeLock() : writers.readLock();
        Set<Long> emptied = new java.util.TreeSet<>();
        lock.lock();
        try {
            Map<ByteBuffer, byte[]> effects = effects(batch, emptied);
            if (!effects.isEmpty()) writeVersion(effects, batch.fence());
            for (long id : emptied) placement.dropped(id); // reads as empty from now on
        } finally {
            lock.unlock();
        }
        // a schema change takes a second or more: not while holding every other writer back
        for (long id : emptied) {
            driver("drop the table of keyspace " + Long.toUnsignedString(id), () -> {
                schema.drop(Schema.partitionedTable(id));
                return null;
            });
        }
    }

    /**
     * Writes the batch's effects as rows of one new version, then hands the rows it superseded to
     * the collector. A fenced batch (docs/RULES.md#CLUSTER-FENCE): its version must be below the
     * term's end, or nothing is sent; written, it is reported failed if the term ended meanwhile.
     */
    private void writeVersion(Map<ByteBuffer, byte[]> effects, Fence fence) {
        long version = versions.beginWrite();
        boolean written = false;
        try {
            if (fence != null && (!fence.holds() || version / 1_000 >= fence.endMillis())) {
                throw FencedOut.refused("the term this write was decided in has ended; nothing was written");
            }
            driver("write", () -> {
                apply(effects, version, fence);
                return null;
            });
            written = true;
        } finally {
            versions.endWrite(version, written);
        }
        for (Map.Entry<ByteBuffer, byte[]> e : effects.entrySet()) {
            collector.superseded(placement.place(e.getKey().array()), version, e.getValue() == TOMBSTONE);
        }
        collector.collect();
        if (fence != null && !fence.holds()) {
            throw FencedOut.late("the term this write was decided in ended before the write completed; it may be there");
        }
    }

    /**
     * The batch's last word on each key it touches, in order: a value, or {@link #TOMBSTONE}. A
     * range delete of a whole partitioned keyspace (a table or an index dropped) deletes no key
     * one by one: the keyspace goes into {@code emptied}, and its table is dropped after the rest
     * of the batch is written (a keyspace id is never used again).
     */
    private Map<ByteBuffer, byte[]> effects(WriteBatch batch, Set<Long> emptied) {
        Map<ByteBuffer, byte[]> effects = new LinkedHashMap<>();
        for (WriteBatch.Mutation m : batch.mutations()) {
            switch (m.kind()) {
                case PUT -> put(effects, m.key(), m.value().clone());
                case DELETE -> put(effects, m.key(), TOMBSTONE);
                case DELETE_RANGE -> {
                    if (Arrays.compareUnsigned(m.key(), m.endKey()) >= 0) continue;
                    Long whole = wholeKeyspace(m.key(), m.endKey());
                    if (whole != null && placement.partitioned(whole)) {
                        emptied.add(whole);
                        effects.keySet().removeIf(k -> Placement.keyspaceOf(k.array()) == whole && k.array().length >= 8);
                        continue;
                    }
                    for (ByteBuffer key : List.copyOf(effects.keySet())) {
                        if (Arrays.compareUnsigned(key.array(), m.key()) >= 0 && Arrays.compareUnsigned(key.array(), m.endKey()) < 0) {
                            put(effects, key.array(), TOMBSTONE);
                        }
                    }
                    try (Cursor c = range(m.key(), m.endKey(), false)) {
                        while (c.next()) put(effects, c.key(), TOMBSTONE);
                    }
                }
            }
        }
        return effects;
    }

    /** The keyspace that {@code [from, to)} is exactly, or null. */
    private static Long wholeKeyspace(byte[] from, byte[] to) {
        if (from.length != io.keyline.storage.Keyspaces.PREFIX_LENGTH || to == null) return null;
        long id = Placement.keyspaceOf(from);
        return id != -1L && Arrays.equals(to, io.keyline.storage.Keyspaces.end(id)) ? id : null;
    }

    private static void put(Map<ByteBuffer, byte[]> effects, byte[] key, byte[] value) {
        ByteBuffer k = ByteBuffer.wrap(key.clone());
        effects.remove(k); // the last word moves to the end: order of first appearance does not matter, but is stable
        effects.put(k, value);
    }

    private void apply(Map<ByteBuffer, byte[]> effects, long version, Fence fence) {
        List<BoundStatement> statements = new ArrayList<>();
        Set<ByteBuffer> newHeads = new HashSet<>();
        Set<ByteBuffer> newShards = new HashSet<>();
        Set<ByteBuffer> partitions = new HashSet<>();
        for (Map.Entry<ByteBuffer, byte[]> e : effects.entrySet()) {
            byte[] key = e.getKey().array();
            Placement.Place place = placement.place(key);
            if (place == null) {
                throw new StorageException("a key of partitioned keyspace " + Long.toUnsignedString(Placement.keyspaceOf(key))
                        + " without a whole partition key, or of a dropped one, cannot be stored");
            }
            boolean deletion = e.getValue() == TOMBSTONE;
            statements.add(deletion ? schema.insertDeletion(place.table()).bind(place.partition(), place.tail(), version)
                    : schema.insertValue(place.table()).bind(place.partition(), place.tail(), version, ByteBuffer.wrap(e.getValue())));
            // one Cassandra mutation per partition-key value: rows of one value in several tables are still one
            partitions.add(place.partition());
            if (place.partitioned()) continue;
            byte[] head = KeyLayout.head(key);
            ByteBuffer storedHead = place.partition();
            if (!deletion && !knownHeads.contains(storedHead) && newHeads.add(storedHead)) {
                ByteBuffer shard = KeyLayout.stored(KeyLayout.shard(head));
                statements.add(schema.insertHead().bind(shard, storedHead));
                partitions.add(shard);
                if (!knownShards.contains(shard) && newShards.add(shard)) {
                    statements.add(schema.insertShard().bind(shard));
                    partitions.add(ByteBuffer.allocate(0));
                }
            }
        }
        boolean oneBatch = true;
        int bytes = 0;
        List<BoundStatement> chunk = new ArrayList<>();
        for (BoundStatement s : statements) {
            int size = s.computeSizeInBytes(session.getContext());
            if (!chunk.isEmpty() && (bytes + size > CHUNK_BYTES || chunk.size() >= CHUNK_STATEMENTS)) {
                execute(chunk, BatchType.LOGGED, fence);
                chunk.clear();
                bytes = 0;
                oneBatch = false;
            }
            chunk.add(s);
            bytes += size;
        }
        execute(chunk, oneBatch && partitions.size() == 1 ? BatchType.UNLOGGED : BatchType.LOGGED, fence);
        if (knownHeads.size() > MAX_KNOWN_HEADS) knownHeads.clear();
        knownHeads.addAll(newHeads);
        knownShards.addAll(newShards);
    }

    private void execute(List<BoundStatement> chunk, BatchType type, Fence fence) {
        if (chunk.size() == 1) {
            executeUntilWritten(chunk.get(0).setConsistencyLevel(consistency), fence);
            return;
        }
        BatchStatementBuilder batch = BatchStatement.builder(type).setConsistencyLevel(consistency);
        for (BoundStatement s : chunk) batch.addStatement(s);
        executeUntilWritten(batch.build(), fence);
    }

    /**
     * Sends a write again while it times out or finds too few replicas up, a few times: every
     * write here is idempotent (rows of one version), so a second send changes nothing that the
     * first applied. Without it, a write that timed out after reaching some replicas (or a logged
     * batch that Cassandra will replay from its batch log) would be reported failed, this process
     * would skip its version, and a later read-modify-write of the same item, computing index
     * changes from the item before it, would leave that version's index entries behind once it
     * surfaces. A dead replica causes such timeouts until the failure detector marks it down, a
     * few seconds (docs/CLUSTER.md, "Failure run"). A fenced write is sent only while its term
     * holds, and waits for each answer no longer than the term has left (docs/RULES.md#CLUSTER-FENCE).
     */
    private void executeUntilWritten(com.datastax.oss.driver.api.core.cql.Statement<?> statement, Fence fence) {
        for (int attempt = 1; ; attempt++) {
            com.datastax.oss.driver.api.core.cql.Statement<?> send = statement;
            if (fence != null) {
                long left = fence.endMillis() - fence.nowMillis();
                if (left <= 0) throw new StorageException("the term this write was decided in ended before it was written");
                if (left < REQUEST_TIMEOUT_MILLIS) send = statement.setTimeout(java.time.Duration.ofMillis(left));
            }
            beforeSend.run();
            try {
                session.execute(send);
                return;
            } catch (WriteTimeoutException e) {
                if (attempt >= WRITE_ATTEMPTS || closed) throw e;
            } catch (com.datastax.oss.driver.api.core.servererrors.UnavailableException e) {
                if (attempt >= WRITE_ATTEMPTS || closed) throw e;
                pause(attempt); // refused at once: give the cluster a moment to see its nodes come back
            }
        }
    }

    /**
     * A real sleep, not the injected clock's: it waits for Cassandra's failure detector to see its
     * nodes again, which happens in real time whatever clock a test gives Keyline.
     */
    private static void pause(int attempt) {
        try {
            Thread.sleep(100L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while retrying a write", e);
        }
    }

    // ---- lifecycle ----

    @Override public String describe() {
        return "Cassandra at " + options.describePoints() + ", keyspace " + options.keyspace() + " (replication "
                + options.replication() + ", " + options.consistency() + ")";
    }

    /** Closes the driver session if this storage opened it. Idempotent. */
    @Override public void close() {
        if (closed) return;
        closed = true;
        if (ownsSession) session.close();
    }

    /** Empties the storage's tables: for tests that reuse one keyspace. */
    public void truncate() {
        checkOpen();
        driver("truncate", () -> {
            schema.truncate();
            return null;
        });
        knownHeads.clear();
        knownShards.clear();
        placement.forget();
    }

    void checkOpen() {
        if (closed) throw new StorageException("storage is closed: " + describe());
    }

    private <T> T driver(String what, Supplier<T> action) {
        try {
            return action.get();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new StorageException("Cassandra " + what + " failed: " + cause.getMessage(), cause);
        } catch (DriverException | IllegalStateException e) {
            if (closed) throw new StorageException("storage is closed: " + describe(), e);
            throw new StorageException("Cassandra " + what + " failed: " + e.getMessage(), e);
        }
    }

    /** The bytes of a blob column; an empty value (which Cassandra may hand back as null) is empty. */
    static byte[] bytes(ByteBuffer buffer) {
        if (buffer == null) return new byte[0];
        ByteBuffer b = buffer.duplicate();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
