package io.keyline.storage;

import java.util.concurrent.CompletableFuture;

/**
 * The storage SPI: one ordered byte keyspace with point reads, range cursors, atomic write
 * batches and consistent snapshots. Implementations are thread-safe. Guarantees every backend
 * must give: a batch is applied atomically (readers see all of it or none of it) and durably
 * to the backend's promise once {@link #write} returns (unless the backend says it is in-memory),
 * and to its strongest promise once {@link #whenDurable()} completes; a snapshot sees one
 * point in time, and so does each cursor (from the moment it is opened, even after the snapshot
 * it came from is closed). Backend failures surface as {@link StorageException}, as does any
 * call after {@link #close}. Each backend's Javadoc states anything more or less it guarantees.
 * {@code StorageContractTest} in core's test-jar checks all of this for a backend.
 */
public interface Storage extends ReadView, AutoCloseable {
    void write(WriteBatch batch);

    /** A consistent view as of now; close it to release resources. */
    Snapshot snapshot();

    /**
     * Whether the backend serves requests now (docs/RULES.md#STORAGE-RECOVERY); a backend that
     * recovers from its own failures in place says so here while it does. Cheap; any thread.
     */
    default StorageHealth health() { return StorageHealth.SERVING; }

    /** A {@link #whenDurable()} that is complete: nothing more to wait for. Never complete it again. */
    CompletableFuture<Void> DURABLE = CompletableFuture.completedFuture(null);

    /**
     * Completes once every write that returned before this call is as durable as the backend
     * makes it (docs/RULES.md#DURABILITY): for RocksDB with {@code --durability sync}, its log
     * synced to the device, one sync shared by every writer waiting (group commit). A server
     * acknowledges a request only then. Complete at once ({@link #DURABLE}) for a backend whose
     * writes are as durable as they get when they return. Fails if the backend could not make
     * them durable (their fate is then unknown). Cheap; any thread; callers must not complete it.
     */
    default CompletableFuture<Void> whenDurable() { return DURABLE; }

    /**
     * The engine's layout of partitioned keyspaces ({@link PartitionLayout}), given once, before
     * the first read or write. A backend that places data by partition uses it; the others may
     * ignore it, as the default does.
     */
    default void partitionLayout(PartitionLayout layout) {}

    /**
     * Runs {@code action} each time the backend has reopened in place after a failure
     * (docs/RULES.md#STORAGE-RECOVERY-RESTART), on the recovering thread, after the reopen and
     * before other callers are let in: the action may read and write this storage, and sees what
     * the reopened data holds (a write whose call failed may be there). If it throws, the reopen
     * counts as failed and is tried again. A backend that never reopens ignores it.
     */
    default void onReopen(Runnable action) {}

    /** Human-readable location of the data, for the start-up log line. */
    String describe();

    /** Releases everything (open cursors and snapshots included); idempotent. */
    @Override void close();
}
