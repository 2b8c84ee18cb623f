package io.keyline.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.storage.WriteBatch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The group commit behind {@code --durability sync} (docs/RULES.md#DURABILITY). */
class WalGroupSyncTest {
    /** A log whose syncs each wait for a permit, so a test decides when one ends. */
    private static final class GatedLog implements WalGroupSync.LogSync {
        final Semaphore permits = new Semaphore(0);
        final Semaphore started = new Semaphore(0);
        final AtomicInteger syncs = new AtomicInteger();
        volatile RuntimeException failure;

        @Override public void sync() throws Exception {
            started.release();
            if (!permits.tryAcquire(10, TimeUnit.SECONDS)) throw new IllegalStateException("test never let the sync end");
            syncs.incrementAndGet();
            if (failure != null) throw failure;
        }
    }

    @Test
    void nothingWrittenMeansNothingToWaitFor() {
        GatedLog log = new GatedLog();
        try (WalGroupSync sync = new WalGroupSync(log, "test-sync")) {
            assertThat(sync.afterWrites()).isDone();
            assertThat(log.syncs).hasValue(0);
        }
    }

    @Test
    void aWaiterIsReleasedOnlyByASyncThatBeganAfterItsWrite() throws Exception {
        GatedLog log = new GatedLog();
        try (WalGroupSync sync = new WalGroupSync(log, "test-sync")) {
            sync.wrote();
            CompletableFuture<Void> first = sync.afterWrites();
            assertThat(log.started.tryAcquire(10, TimeUnit.SECONDS)).isTrue(); // the sync for `first` runs
            sync.wrote(); // returned while that sync runs: that sync may not cover it
            CompletableFuture<Void> second = sync.afterWrites();
            assertThat(first).isNotDone();
            log.permits.release();
            first.get(10, TimeUnit.SECONDS);
            assertThat(second).isNotDone();
            assertThat(log.started.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
            log.permits.release();
            second.get(10, TimeUnit.SECONDS);
            assertThat(log.syncs).hasValue(2);
            assertThat(sync.afterWrites()).isDone(); // everything written is synced
        }
    }

    @Test
    void waitersThatArriveDuringOneSyncShareTheNext() throws Exception {
        GatedLog log = new GatedLog();
        try (WalGroupSync sync = new WalGroupSync(log, "test-sync")) {
            sync.wrote();
            CompletableFuture<Void> first = sync.afterWrites();
            assertThat(log.started.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
            List<CompletableFuture<Void>> group = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                sync.wrote();
                group.add(sync.afterWrites());
            }
            log.permits.release(2);
            first.get(10, TimeUnit.SECONDS);
            CompletableFuture.allOf(group.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            assertThat(log.syncs).hasValue(2); // 51 writes, two syncs
        }
    }

    @Test
    void aFailedSyncFailsItsWaitersAndTheNextSyncServesLaterOnes() throws Exception {
        GatedLog log = new GatedLog();
        try (WalGroupSync sync = new WalGroupSync(log, "test-sync")) {
            log.failure = new IllegalStateException("device gone");
            sync.wrote();
            CompletableFuture<Void> failed = sync.afterWrites();
            log.permits.release();
            assertThatThrownBy(() -> failed.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .hasRootCauseMessage("device gone");
            log.failure = null;
            sync.wrote();
            CompletableFuture<Void> later = sync.afterWrites();
            log.permits.release();
            later.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void closingFailsWhoeverStillWaits() throws Exception {
        GatedLog log = new GatedLog();
        WalGroupSync sync = new WalGroupSync(log, "test-sync");
        sync.wrote();
        CompletableFuture<Void> running = sync.afterWrites();
        assertThat(log.started.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        sync.wrote();
        CompletableFuture<Void> queued = sync.afterWrites();
        CountDownLatch closed = new CountDownLatch(1);
        Thread closer = new Thread(() -> {
            sync.close();
            closed.countDown();
        });
        closer.start();
        assertThatThrownBy(() -> queued.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
        log.permits.release(); // the sync that was running ends normally
        running.get(10, TimeUnit.SECONDS);
        assertThat(closed.await(10, TimeUnit.SECONDS)).isTrue();
        sync.wrote();
        assertThat(sync.afterWrites()).isCompletedExceptionally();
    }

    @Test
    void rocksDbWithSyncWritesCompletesOnceTheLogIsSynced(@TempDir Path dir) throws Exception {
        try (RocksDbStorage storage = new RocksDbStorage(dir.resolve("sync"), true)) {
            assertThat(storage.whenDurable()).isDone();
            storage.write(new WriteBatch().put(new byte[] {1}, new byte[] {2}));
            storage.whenDurable().get(10, TimeUnit.SECONDS);
            assertThat(storage.whenDurable()).isDone(); // nothing written since
        }
        try (RocksDbStorage storage = new RocksDbStorage(dir.resolve("async"), false)) {
            storage.write(new WriteBatch().put(new byte[] {1}, new byte[] {2}));
            assertThat(storage.whenDurable()).isDone(); // async: nothing is ever waited for
            assertThat(storage.get(new byte[] {1})).containsExactly(2);
        }
    }
}
