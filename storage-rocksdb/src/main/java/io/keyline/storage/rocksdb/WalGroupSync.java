package io.keyline.storage.rocksdb;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Group commit for {@code --durability sync} (docs/RULES.md#DURABILITY): writes go to the
 * write-ahead log without a sync, and whoever must not acknowledge before the log is on the
 * device waits for {@link #afterWrites()}. One thread syncs the log again and again while anyone
 * waits, so every write that finished while one sync ran shares the next one.
 *
 * <p>Why not RocksDB's own {@code WriteOptions.sync}: it syncs once per write group, and a group
 * only holds writers that are blocked in RocksDB at the same moment. Keyline runs small writes on
 * its few event-loop threads (so as not to pay two thread hand-offs per request), so a group held
 * two writers on average and 64 requests in flight got 0.22 of the throughput without sync
 * (docs/BENCHMARKS.md, "Durability: sync against async"). Waiting here costs no thread: the
 * request's reply is written when the future completes.
 *
 * <p>Invariant: a future returned by {@link #afterWrites()} completes only after a log sync that
 * began after every write counted by {@link #wrote()} before the call had returned. A sync
 * covers what was written before it began, and the sync loop reads the count, and takes the
 * waiters, before it starts the sync. When nothing was written since the last sync began, the
 * future is complete at once (reads pay nothing).
 *
 * <p>Threading: {@link #wrote()} and {@link #afterWrites()} from any thread; one daemon thread
 * syncs. A failed sync fails the futures it would have completed (the writes' fate is unknown)
 * and the loop goes on; {@link #close()} fails those still waiting.
 */
final class WalGroupSync implements AutoCloseable {
    /** Syncs the write-ahead log; throws if it cannot. */
    interface LogSync {
        void sync() throws Exception;
    }

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final LogSync log;
    /** Writes that have returned: a count, not a sequence number, so that callers need not know RocksDB's. */
    private final AtomicLong written = new AtomicLong();
    /** The count read before the last successful sync began: every write up to it is on the device. */
    private volatile long synced;
    private final Object lock = new Object();
    private List<CompletableFuture<Void>> waiting = new ArrayList<>();
    private boolean closed;
    private final Thread thread;

    WalGroupSync(LogSync log, String name) {
        this.log = log;
        this.thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Counts a write that has returned from RocksDB. */
    void wrote() {
        written.incrementAndGet();
    }

    /** Completes once every write counted before this call is on the device (or fails if the sync failed). */
    CompletableFuture<Void> afterWrites() {
        if (synced >= written.get()) return DONE;
        CompletableFuture<Void> done = new CompletableFuture<>();
        synchronized (lock) {
            if (closed) {
                done.completeExceptionally(new IllegalStateException("storage closed before the write-ahead log was synced"));
                return done;
            }
            waiting.add(done);
            lock.notifyAll();
        }
        return done;
    }

    private void loop() {
        while (true) {
            List<CompletableFuture<Void>> batch;
            synchronized (lock) {
                while (waiting.isEmpty() && !closed) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (closed) return;
                batch = waiting;
                waiting = new ArrayList<>();
            }
            // Read after taking the batch: every waiter in it saw a count no higher than this.
            long upTo = written.get();
            try {
                log.sync();
                synced = Math.max(synced, upTo);
                for (CompletableFuture<Void> f : batch) f.complete(null);
            } catch (Exception | Error e) {
                for (CompletableFuture<Void> f : batch) f.completeExceptionally(e);
            }
        }
    }

    /** Stops the sync thread; whoever still waits is failed. Idempotent. */
    @Override public void close() {
        List<CompletableFuture<Void>> left;
        synchronized (lock) {
            if (closed) return;
            closed = true;
            left = waiting;
            waiting = new ArrayList<>();
            lock.notifyAll();
        }
        IllegalStateException gone = new IllegalStateException("storage closed before the write-ahead log was synced");
        for (CompletableFuture<Void> f : left) f.completeExceptionally(gone);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
