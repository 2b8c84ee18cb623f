package io.keyline.storage.rocksdb;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageException;
import io.keyline.storage.StorageHealth;
import io.keyline.storage.StorageUnavailableException;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.Env;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.Priority;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;
import org.rocksdb.WriteOptions;

/**
 * Storage in one embedded RocksDB database (default column family, RocksDB's bytewise
 * comparator, which is the SPI's unsigned byte order).
 *
 * <p>Guarantees: each {@link #write} is one RocksDB write batch, so it is atomic for every
 * reader (point reads, cursors, snapshots) and written to the write-ahead log before it returns.
 * The WAL is not fsynced by a write (with {@code syncWrites}, see {@link #whenDurable()}): a write survives a crash of
 * the process but may be lost if the machine loses power. A cursor reads from the implicit
 * snapshot taken when it was created; {@link #multiGet} reads all keys at one point in time.
 *
 * <p>Threading: thread-safe. Every native call runs under the read side of a lifetime lock and
 * {@link #close} takes the write side, so a call racing with close fails with a
 * {@link StorageException} instead of touching freed native memory. Cursors and snapshots still
 * open at close are closed with it. Concurrent writes join RocksDB's write groups; a writer
 * that waits for its group's leader blocks at once instead of spinning with sched_yield
 * (adaptive yield off): with request threads running writes on two cores, the spinning took
 * CPU from the very leader it waited for, and a yielding thread could lose its core for
 * milliseconds (docs/BENCHMARKS.md, "PutItem tail").
 *
 * <p>Durability ({@code syncWrites}, docs/RULES.md#DURABILITY): a write returns once its batch is
 * in the WAL, handed to the operating system, either way. With {@code syncWrites},
 * {@link #whenDurable()} completes once the WAL holding every write that returned before it is
 * synced to the device; a {@link WalGroupSync} thread syncs for all who wait at once (group
 * commit), so an acknowledgement waits for one sync shared with every concurrent writer. Without
 * it, {@link #whenDurable()} is complete at once and the WAL is never synced by a write.
 *
 * <p>Errors (docs/RULES.md#STORAGE-RECOVERY): an I/O error that RocksDB reports on a call, or a
 * background error it counts ({@link #health()} asks), takes the storage down: the failing call gets a
 * {@link StorageException} (its outcome is unknown), every later call a
 * {@link StorageUnavailableException} without touching data, and {@link InPlaceRecovery} reopens
 * the database in place (under the write side of the lifetime lock, which pauses every caller;
 * open cursors and snapshots are released, as at close) until it opens again.
 */
public final class RocksDbStorage implements Storage {
    /** Block cache shared by all reads; small so an idle dev database stays light. */
    private static final long BLOCK_CACHE_BYTES = 32L << 20;
    /** One memtable; RocksDB allocates it in arena blocks, so idle memory stays small. */
    private static final long WRITE_BUFFER_BYTES = 16L << 20;
    private static final int MAX_WRITE_BUFFERS = 2;
    /** Bits per key of the bloom filter: about 1% false positives for point gets. */
    private static final double BLOOM_BITS_PER_KEY = 10;
    private static final long BLOCK_SIZE_BYTES = 16L << 10;
    private static final long MAX_TOTAL_WAL_BYTES = 64L << 20;
    private static final long MAX_INFO_LOG_BYTES = 8L << 20;
    /** RocksDB's count of failed background jobs (flushes, compactions) of the open database. */
    private static final String BACKGROUND_ERRORS = "rocksdb.background-errors";
    private static final int KEEP_INFO_LOGS = 3;
    private static final int BACKGROUND_JOBS = 2;
    /**
     * Bloom filters (in SST files and the memtable) also hold each key's first 16 bytes: the
     * keyspace id and token of KeyCodec's layout, which name one partition. A cursor over one
     * partition (a Query) then skips the memtable and every SST file that holds nothing of that
     * partition instead of seeking in each; cursors use RocksDB's auto prefix mode, which gives
     * total-order results for any range and uses the filters only when both bounds share the
     * prefix. Point reads keep their whole-key filter. Keys shorter than 16 bytes are outside the
     * prefix domain and are never filtered by prefix.
     */
    static final int PARTITION_PREFIX_BYTES = 16;
    private static final double MEMTABLE_PREFIX_BLOOM_RATIO = 0.05;
    /**
     * Flushes (L0) and the first level below them are written uncompressed, deeper levels LZ4,
     * the last ZSTD (with dynamic level sizes, entry 1 is whichever level L0 compacts into, at
     * most max_bytes_for_level_base of data). A flush runs in one burst on a background thread;
     * on a small machine that burst takes a core from the request threads and shows as a latency
     * spike (docs/BENCHMARKS.md, "PutItem tail"). Not compressing makes the burst shorter; the
     * bytes are compressed when compacted further down.
     */
    private static final List<CompressionType> COMPRESSION_PER_LEVEL = List.of(
            CompressionType.NO_COMPRESSION, CompressionType.NO_COMPRESSION, CompressionType.LZ4_COMPRESSION,
            CompressionType.LZ4_COMPRESSION, CompressionType.LZ4_COMPRESSION, CompressionType.LZ4_COMPRESSION,
            CompressionType.LZ4_COMPRESSION);

    static {
        RocksDB.loadLibrary();
    }

    private final Path directory;
    private final LRUCache cache;
    private final BloomFilter bloom;
    private final Options options;
    private final WriteOptions writeOptions;
    private final ReadOptions readOptions;
    private final InPlaceRecovery recovery;
    /** Replaced by a reopen; null while a reopen has failed. Read under the lifetime lock. */
    private volatile RocksDB db;
    private final ReentrantReadWriteLock lifetime = new ReentrantReadWriteLock();
    private final Set<NativeResource> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    /** What runs after each reopen, before the storage serves again ({@link #onReopen}). */
    private final List<Runnable> reopenActions = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Failures injected by tests, as RocksDB reports them; none otherwise. */
    private volatile Faults faults = Faults.NONE;
    /** Group commit of the WAL with {@code syncWrites}; null without. */
    private final WalGroupSync groupSync;

    /** Opens (creating if needed) the database in {@code directory}; WAL not fsynced per write. */
    public RocksDbStorage(Path directory) {
        this(directory, false);
    }

    /** As {@link #RocksDbStorage(Path)}; with {@code syncWrites}, {@link #whenDurable()} waits for the WAL on the device. */
    public RocksDbStorage(Path directory, boolean syncWrites) {
        this(directory, syncWrites, SystemClock.INSTANCE);
    }

    /** As {@link #RocksDbStorage(Path, boolean)}; {@code clock} times the recovery's retry schedule. */
    public RocksDbStorage(Path directory, boolean syncWrites, Clock clock) {
        this.directory = directory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.directory);
        } catch (IOException e) {
            throw new StorageException("cannot create data directory " + this.directory + ": " + e.getMessage(), e);
        }
        cache = new LRUCache(BLOCK_CACHE_BYTES);
        bloom = new BloomFilter(BLOOM_BITS_PER_KEY, false);
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(cache)
                .setFilterPolicy(bloom)
                .setWholeKeyFiltering(true)
                .setBlockSize(BLOCK_SIZE_BYTES)
                .setCacheIndexAndFilterBlocks(true)
                .setPinL0FilterAndIndexBlocksInCache(true);
        options = new Options()
                .setCreateIfMissing(true)
                .setTableFormatConfig(table)
                .useFixedLengthPrefixExtractor(PARTITION_PREFIX_BYTES)
                .setMemtablePrefixBloomSizeRatio(MEMTABLE_PREFIX_BLOOM_RATIO)
                .setWriteBufferSize(WRITE_BUFFER_BYTES)
                .setMaxWriteBufferNumber(MAX_WRITE_BUFFERS)
                .setCompressionType(CompressionType.LZ4_COMPRESSION)
                .setCompressionPerLevel(COMPRESSION_PER_LEVEL)
                .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setEnableWriteThreadAdaptiveYield(false)
                .setLevelCompactionDynamicLevelBytes(true)
                .setMaxBackgroundJobs(BACKGROUND_JOBS)
                .setMaxTotalWalSize(MAX_TOTAL_WAL_BYTES)
                .setMaxLogFileSize(MAX_INFO_LOG_BYTES)
                .setKeepLogFileNum(KEEP_INFO_LOGS);
        recovery = new InPlaceRecovery(clock, describe(), () -> {
            reopen();
            for (Runnable action : reopenActions) action.run(); // still down for everyone but this thread
        });
        writeOptions = new WriteOptions().setSync(false).setDisableWAL(false);
        readOptions = new ReadOptions();
        try {
            db = RocksDB.open(options, this.directory.toString());
            lowerBackgroundPriority(options.getEnv());
        } catch (RocksDBException e) {
            readOptions.close();
            writeOptions.close();
            options.close();
            bloom.close();
            cache.close();
            throw new StorageException("cannot open RocksDB at " + this.directory + ": " + e.getMessage(), e);
        }
        groupSync = syncWrites ? new WalGroupSync(this::syncWal, "keyline-wal-sync") : null;
    }

    /**
     * Flush and compaction threads run at the lowest CPU priority (nice 19): on a small machine a
     * flush (35-45 ms of CPU) or a compaction (55-70 ms) at normal priority took a core from the
     * request threads and showed as a 5-25 ms stall at the tail; at nice 19 a request thread
     * that wakes up preempts it. The bursts still get every idle cycle, and if they fall behind,
     * RocksDB's own write stall (both memtables full) slows the writers down. Measured A B A B
     * in docs/BENCHMARKS.md ("The tail at half load, session 4"). The Env is process-wide, as are its
     * thread pools; setting the priority again is harmless.
     */
    private static void lowerBackgroundPriority(Env env) {
        env.lowerThreadPoolCPUPriority(Priority.HIGH);
        env.lowerThreadPoolCPUPriority(Priority.LOW);
    }

    @Override public byte[] get(byte[] key) { return getWith(readOptions, key); }

    @Override public List<byte[]> multiGet(List<byte[]> keys) { return multiGetWith(readOptions, keys); }

    @Override public Cursor range(byte[] from, byte[] to, boolean reverse) {
        return openCursor(null, null, from, to, reverse);
    }

    @Override public void write(WriteBatch batch) {
        if (batch.isEmpty()) return;
        enter();
        try (org.rocksdb.WriteBatch native_ = new org.rocksdb.WriteBatch()) {
            for (WriteBatch.Mutation m : batch.mutations()) {
                switch (m.kind()) {
                    case PUT -> native_.put(m.key(), m.value());
                    case DELETE -> native_.delete(m.key());
                    case DELETE_RANGE -> {
                        // An empty or inverted range deletes nothing (RocksDB may reject it).
                        if (Arrays.compareUnsigned(m.key(), m.endKey()) < 0) native_.deleteRange(m.key(), m.endKey());
                    }
                }
            }
            faults.beforeWrite();
            db.write(writeOptions, native_);
            if (groupSync != null) groupSync.wrote();
            faults.afterWrite();
        } catch (RocksDBException e) {
            throw failure("write", e);
        } finally {
            exit();
        }
    }

    @Override public Snapshot snapshot() {
        enter();
        try {
            RocksSnapshot snapshot = new RocksSnapshot(this, db.getSnapshot());
            open.add(snapshot);
            return snapshot;
        } finally {
            exit();
        }
    }

    @Override public String describe() { return "RocksDB at " + directory; }

    @Override public StorageHealth health() {
        noticeBackgroundErrors();
        return recovery.health();
    }

    /**
     * A background error (a flush or compaction that failed) takes the storage down as soon as
     * anyone asks how it is (the health check, the metrics), before a call fails on it; a failed
     * log file is a call's error already. Asked, not told: RocksJava's event listener cannot name
     * every reason RocksDB reports (a flush while the log is empty, a manifest write: reasons 4 to
     * 6), and for those its callback threw IllegalArgumentException on RocksDB's thread (the stray
     * {@code Exception in thread "Thread-1"} of the tests) and the error never reached us. The
     * count is the open database's own, so it starts at zero again after a reopen.
     */
    private void noticeBackgroundErrors() {
        if (recovery.down()) return;
        long errors;
        lifetime.readLock().lock();
        try {
            if (closed || db == null || recovery.down()) return;
            errors = db.getLongProperty(BACKGROUND_ERRORS);
        } catch (RocksDBException e) {
            return; // the count is unknown; a call's own error still takes the storage down
        } finally {
            lifetime.readLock().unlock();
        }
        if (errors > 0) recovery.failed("RocksDB background error: " + errors + " failed flush or compaction job(s) since it opened");
    }

    @Override public CompletableFuture<Void> whenDurable() {
        return groupSync == null ? Storage.DURABLE : groupSync.afterWrites();
    }

    /** One sync of the write-ahead log to the device, for {@link WalGroupSync}. */
    private void syncWal() {
        enter();
        try {
            db.syncWal();
        } catch (RocksDBException e) {
            throw failure("WAL sync", e);
        } finally {
            exit();
        }
    }

    @Override public void onReopen(Runnable action) { reopenActions.add(java.util.Objects.requireNonNull(action, "action")); }

    /** Flushes memtables to disk and releases every native resource. Idempotent. */
    @Override public void close() {
        shutDown(true);
    }

    /**
     * Closes as a killed process leaves the database: memtables not flushed, so the next open
     * replays the WAL (crash tests). Releases every native resource; idempotent.
     */
    public void closeWithoutFlush() {
        shutDown(false);
    }

    private void shutDown(boolean flush) {
        recovery.stop();
        // Before the write lock: the sync thread takes the read side for each sync.
        if (groupSync != null) groupSync.close();
        lifetime.writeLock().lock();
        try {
            if (closed) return;
            closed = true;
            releaseOpenResources();
            RocksDB current = db;
            db = null;
            try {
                // A database that failed cannot flush; its WAL holds what it acknowledged.
                if (current != null && flush && !recovery.down()) {
                    try (FlushOptions flushOptions = new FlushOptions().setWaitForFlush(true)) {
                        current.flush(flushOptions);
                    } catch (RocksDBException e) {
                        throw failure("flush on close", e);
                    }
                }
            } finally {
                try {
                    if (current != null) current.closeE();
                } catch (RocksDBException e) {
                    if (!recovery.down()) throw failure("close", e);
                } finally {
                    readOptions.close();
                    writeOptions.close();
                    options.close();
                    bloom.close();
                    cache.close();
                }
            }
        } finally {
            lifetime.writeLock().unlock();
        }
    }

    /**
     * Closes the failed database and opens it again, holding every caller off meanwhile
     * ({@link InPlaceRecovery}'s attempt). Cursors and snapshots open on the old one are
     * released (their next step fails). Throws if the database would not open; it stays down.
     */
    private void reopen() {
        lifetime.writeLock().lock();
        try {
            if (closed) return;
            releaseOpenResources();
            RocksDB failed = db;
            db = null;
            if (failed != null) {
                try {
                    failed.closeE();
                } catch (RocksDBException e) {
                    // expected: it is closing because it failed
                }
            }
            try {
                faults.beforeOpen();
                db = RocksDB.open(options, directory.toString());
                lowerBackgroundPriority(options.getEnv());
            } catch (RocksDBException e) {
                throw new StorageException("cannot reopen RocksDB at " + directory + ": " + e.getMessage(), e);
            }
        } finally {
            lifetime.writeLock().unlock();
        }
    }

    private void releaseOpenResources() {
        for (NativeResource resource : List.copyOf(open)) releaseQuietly(resource);
        open.clear();
    }

    // ---- package-private plumbing for cursors and snapshots ----

    RocksCursor openCursor(org.rocksdb.Snapshot snapshot, RocksSnapshot owner, byte[] from, byte[] to, boolean reverse) {
        enter();
        try {
            RocksCursor cursor = new RocksCursor(this, db, snapshot, owner, from, to, reverse);
            open.add(cursor);
            return cursor;
        } finally {
            exit();
        }
    }

    byte[] getWith(ReadOptions at, byte[] key) {
        enter();
        try {
            return db.get(at, key);
        } catch (RocksDBException e) {
            throw failure("get", e);
        } finally {
            exit();
        }
    }

    List<byte[]> multiGetWith(ReadOptions at, List<byte[]> keys) {
        enter();
        try {
            return db.multiGetAsList(at, keys);
        } catch (RocksDBException e) {
            throw failure("multiGet", e);
        } finally {
            exit();
        }
    }

    /** A cursor closing itself; a no-op once the storage has released it. */
    void release(NativeResource resource) {
        lifetime.readLock().lock();
        try {
            if (open.remove(resource) && !closed) resource.releaseNative();
        } finally {
            lifetime.readLock().unlock();
        }
    }

    /** Called under the lifetime lock with the snapshot still tracked, so {@code db} is the one that made it. */
    void releaseSnapshot(org.rocksdb.Snapshot snapshot) {
        RocksDB current = db;
        if (current != null) current.releaseSnapshot(snapshot);
    }

    /** Stops tracking a resource that released itself. */
    void forget(NativeResource resource) { open.remove(resource); }

    /** Runs the action under the lifetime lock unless the storage is closed (then all is released). */
    void whileOpen(Runnable action) {
        lifetime.readLock().lock();
        try {
            if (!closed) action.run();
        } finally {
            lifetime.readLock().unlock();
        }
    }

    /**
     * Takes the read side of the lifetime lock; fails if the storage is closed, or down
     * (then without touching anything: {@link StorageUnavailableException}).
     */
    void enter() {
        lifetime.readLock().lock();
        if (closed) {
            lifetime.readLock().unlock();
            throw new StorageException("storage is closed: " + describe());
        }
        if (recovery.down() && !recovery.onRecoveryThread() || db == null) {
            lifetime.readLock().unlock();
            throw new StorageUnavailableException(describe() + " is recovering from an error: " + recovery.problem());
        }
    }

    void exit() { lifetime.readLock().unlock(); }

    /** The exception for a failed call; an I/O error also takes the storage down to be reopened. */
    StorageException failure(String what, RocksDBException e) {
        if (reopenable(e.getStatus())) recovery.failed("RocksDB " + what + " failed: " + e.getMessage());
        return new StorageException("RocksDB " + what + " failed: " + e.getMessage(), e);
    }

    /** An I/O error (no file descriptor, no space, a device error) may clear on a reopen; corruption or a bad argument would not. */
    static boolean reopenable(Status status) {
        return status != null && status.getCode() == Status.Code.IOError;
    }

    /** Injects failures as RocksDB reports them (tests only). */
    void injectFaults(Faults injected) { this.faults = injected == null ? Faults.NONE : injected; }

    private static void releaseQuietly(NativeResource resource) {
        try {
            resource.releaseNative();
        } catch (RuntimeException ignored) {
            // Releasing everything matters more than reporting one failure while shutting down.
        }
    }

    /** Native objects owned by a cursor or snapshot; released once, before the database closes. */
    interface NativeResource {
        void releaseNative();
    }

    /** Failures a test makes RocksDB report: thrown where RocksDB would throw them. */
    interface Faults {
        Faults NONE = new Faults() {};

        default void beforeWrite() throws RocksDBException {}

        /** After the batch is written: the caller is told it failed though the data is there (a failed log sync). */
        default void afterWrite() throws RocksDBException {}

        default void beforeOpen() throws RocksDBException {}
    }
}
