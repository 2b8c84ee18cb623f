package io.keyline.storage.rocksdb;

import io.keyline.storage.Storage;
import io.keyline.testing.TestStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * {@code -Dkeyline.test.storage=rocksdb}: each test's storage is a RocksDB database in a fresh
 * temporary directory, removed after the test (after the storage is closed). Found by
 * {@link TestStorage} through META-INF/services. Stateless.
 */
public final class RocksDbTestStorage implements TestStorage.Provider {
    @Override public String kind() { return "rocksdb"; }

    @Override public Storage open() {
        Path dir;
        try {
            dir = Files.createTempDirectory("keyline-test-rocksdb-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TestStorage.closeAfterTest(() -> deleteRecursively(dir)); // closed after the storage: registered first
        return new RocksDbStorage(dir);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
