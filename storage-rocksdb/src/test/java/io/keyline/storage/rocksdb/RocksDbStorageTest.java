package io.keyline.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.StorageContractTest;
import io.keyline.storage.StorageException;
import io.keyline.storage.WriteBatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract on RocksDB, plus what only a persistent backend has: restart, directory. */
class RocksDbStorageTest extends StorageContractTest {
    @TempDir Path dir;

    @Override protected Storage openStorage() { return new RocksDbStorage(dir.resolve("db")); }

    @Test void dataSurvivesCloseAndReopen() {
        storage.write(new WriteBatch().put(k("a"), k("1")).put(k("b"), k("2")).put(k("c"), k("3")));
        storage.write(new WriteBatch().delete(k("b")).deleteRange(k("c"), k("d")).put(k("e"), k("5")));
        storage.close();
        try (Storage reopened = new RocksDbStorage(dir.resolve("db"))) {
            assertThat(str(reopened.get(k("a")))).isEqualTo("1");
            assertThat(reopened.get(k("b"))).isNull();
            assertThat(reopened.get(k("c"))).isNull();
            try (Cursor cursor = reopened.range(null, null, false)) {
                assertThat(cursor.next()).isTrue();
                assertThat(str(cursor.key())).isEqualTo("a");
                assertThat(cursor.next()).isTrue();
                assertThat(str(cursor.key())).isEqualTo("e");
                assertThat(cursor.next()).isFalse();
            }
        }
    }

    @Test void unflushedWritesSurviveReopenThroughTheWal() throws Exception {
        // A second storage on a copy of the live directory sees what the WAL holds, with no flush.
        storage.write(new WriteBatch().put(k("w"), k("wal")));
        Path copy = dir.resolve("copy");
        Files.createDirectories(copy);
        try (var files = Files.list(dir.resolve("db"))) {
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().equals("LOCK")) Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        try (Storage reopened = new RocksDbStorage(copy)) {
            assertThat(str(reopened.get(k("w")))).isEqualTo("wal");
        }
    }

    @Test void createsMissingParentDirectoriesAndDescribesTheAbsolutePath() {
        Path nested = dir.resolve("x/y/z");
        try (Storage other = new RocksDbStorage(nested)) {
            assertThat(Files.isDirectory(nested)).isTrue();
            assertThat(other.describe()).isEqualTo("RocksDB at " + nested.toAbsolutePath().normalize());
        }
    }

    @Test void secondOpenOfALockedDirectoryFailsCleanly() {
        assertThatThrownBy(() -> new RocksDbStorage(dir.resolve("db"))).isInstanceOf(StorageException.class)
                .hasMessageContaining("cannot open RocksDB");
    }

    @Test void cursorsAndSnapshotsLeftOpenAreReleasedByClose() {
        storage.write(new WriteBatch().put(k("a"), k("1")));
        Cursor cursor = storage.range(null, null, false);
        assertThat(cursor.next()).isTrue();
        Snapshot snapshot = storage.snapshot();
        storage.close();
        assertThatThrownBy(cursor::next).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> snapshot.get(k("a"))).isInstanceOf(StorageException.class);
        cursor.close();
        snapshot.close();
    }

    /** Readers racing with close get data or a StorageException, never a crash in native code. */
    @Test void closeRacingWithReadersIsSafe() throws Exception {
        WriteBatch batch = new WriteBatch();
        for (int i = 0; i < 2000; i++) batch.put(k("key" + i), k("value" + i));
        storage.write(batch);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        CountDownLatch reading = new CountDownLatch(3); // each reader has read, and goes on reading
        try {
            List<Future<Integer>> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                int seed = t;
                readers.add(pool.submit(() -> {
                    int reads = 0;
                    try {
                        boolean counted = false;
                        while (true) {
                            if (reads > 0 && !counted) { // once, after its first read
                                reading.countDown();
                                counted = true;
                            }
                            if (seed == 0) storage.get(k("key" + (reads % 2000)));
                            else if (seed == 1) {
                                try (Cursor cursor = storage.range(null, null, reads % 2 == 0)) {
                                    while (cursor.next()) reads++;
                                }
                            } else {
                                try (Snapshot snapshot = storage.snapshot()) {
                                    snapshot.get(k("key1"));
                                    try (Cursor cursor = snapshot.range(k("key1"), k("key2"), false)) {
                                        while (cursor.next()) reads++;
                                    }
                                }
                            }
                            reads++;
                        }
                    } catch (StorageException expected) {
                        return reads;
                    }
                }));
            }
            assertThat(reading.await(30, TimeUnit.SECONDS)).as("every reader reading").isTrue();
            storage.close(); // under the three readers, all mid-loop
            for (Future<Integer> reader : readers) assertThat(reader.get(30, TimeUnit.SECONDS)).isPositive();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test void closedCursorAndSnapshotRefuseReads() {
        Cursor cursor = storage.range(null, null, false);
        cursor.close();
        cursor.close();
        assertThatThrownBy(cursor::next).isInstanceOf(StorageException.class);
        Snapshot snapshot = storage.snapshot();
        snapshot.close();
        snapshot.close();
        assertThatThrownBy(() -> snapshot.get(k("a"))).isInstanceOf(StorageException.class);
    }
}
