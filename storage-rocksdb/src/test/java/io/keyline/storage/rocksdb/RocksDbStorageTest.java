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
