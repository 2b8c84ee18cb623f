package io.keyline.storage.rocksdb;

import io.keyline.storage.Cursor;
import io.keyline.storage.Snapshot;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.testing.TestStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code -Dkeyline.test.storage=rocksdb}: each test storage is a RocksDB database in a fresh
 * temporary directory, removed when the storage is closed. Found by {@link TestStorage} through
 * META-INF/services (this module's test-jar carries it to the server's tests). Stateless.
 */
public final class RocksDbTestStorage implements TestStorage.Provider {
    @Override public String kind() { return "rocksdb"; }

    @Override public Storage open() {
        try {
            return new Temporary(Files.createTempDirectory("keyline-test-rocksdb-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A RocksDB storage that deletes its directory after closing. Thread-safe as RocksDbStorage is. */
    private static final class Temporary implements Storage {
        private final Path dir;
        private final RocksDbStorage rocks;

        Temporary(Path dir) {
            this.dir = dir;
            this.rocks = new RocksDbStorage(dir);
        }

        @Override public byte[] get(byte[] key) { return rocks.get(key); }

        @Override public List<byte[]> multiGet(List<byte[]> keys) { return rocks.multiGet(keys); }

        @Override public Cursor range(byte[] from, byte[] to, boolean reverse) { return rocks.range(from, to, reverse); }

        @Override public void write(WriteBatch batch) { rocks.write(batch); }

        @Override public Snapshot snapshot() { return rocks.snapshot(); }

        @Override public String describe() { return rocks.describe(); }

        @Override public void close() {
            rocks.close();
            if (!Files.exists(dir)) return; // closed before: close is idempotent
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove test directory " + dir, e);
            }
        }
    }
}
