package io.keyline.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.keyline.storage.Cursor;
import io.keyline.storage.StorageException;
import io.keyline.storage.StorageHealth;
import io.keyline.storage.StorageUnavailableException;
import io.keyline.storage.WriteBatch;
import io.keyline.time.ManualClock;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * Recovery from storage errors without a restart (docs/RULES.md#STORAGE-RECOVERY): first with a
 * failure injected where RocksDB reports it (an I/O error on a write, then on the reopen), then
 * with a real one (the process runs out of file descriptors, set with prlimit, as it did under
 * load), where the host allows it.
 */
class RocksDbRecoveryTest {
    @TempDir Path dir;

    private final ManualClock clock = new ManualClock();

    private static byte[] k(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    private static RocksDBException ioError(String what) {
        return new RocksDBException("IO error: " + what, new Status(Status.Code.IOError, Status.SubCode.None, what));
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    @Test void anIoErrorTakesTheStorageDownUntilAReopenOnTheScheduleClearsIt() throws Exception {
        try (RocksDbStorage storage = new RocksDbStorage(dir.resolve("db"), false, clock)) {
            storage.write(new WriteBatch().put(k("a"), k("1")));
            Cursor open = storage.range(null, null, false);
            AtomicBoolean failing = new AtomicBoolean(true);
            storage.injectFaults(new RocksDbStorage.Faults() {
                @Override public void beforeWrite() throws RocksDBException {
                    if (failing.get()) throw ioError("While open a file for appending: 000012.log: Too many open files");
                }

                @Override public void beforeOpen() throws RocksDBException {
                    if (failing.get()) throw ioError("While opening a file for sequentially reading: CURRENT: Too many open files");
                }
            });

            // The failing write's outcome is unknown to its caller: a plain storage error (500).
            assertThatThrownBy(() -> storage.write(new WriteBatch().put(k("b"), k("2"))))
                    .isExactlyInstanceOf(StorageException.class).hasMessageContaining("Too many open files");
            // The first reopen runs at once and fails too; the next waits for the clock.
            await(() -> String.valueOf(storage.health().problem()).contains("1 reopen attempt failed"), "first attempt");
            StorageHealth down = storage.health();
            assertThat(down.serving()).isFalse();
            assertThat(down.problem()).contains("Too many open files");
            // Meanwhile every call is refused before touching data: retryable (503).
            assertThatThrownBy(() -> storage.get(k("a"))).isInstanceOf(StorageUnavailableException.class);
            assertThatThrownBy(() -> storage.write(new WriteBatch().put(k("c"), k("3")))).isInstanceOf(StorageUnavailableException.class);
            assertThatThrownBy(open::next).isInstanceOf(StorageUnavailableException.class);

            failing.set(false);
            Thread.sleep(3 * InPlaceRecovery.POLL_MILLIS);
            assertThat(storage.health().serving()).as("no attempt before the schedule says").isFalse();
            clock.advance(InPlaceRecovery.delayAfter(1));
            await(() -> storage.health().serving(), "recovered");
            assertThat(storage.health()).isEqualTo(new StorageHealth(true, null, 1));
            assertThat(storage.get(k("a"))).isEqualTo(k("1"));
            assertThat(storage.get(k("b"))).isNull();
            assertThatThrownBy(open::next).isInstanceOf(StorageException.class).hasMessageContaining("closed"); // released by the reopen
            open.close();
            storage.write(new WriteBatch().put(k("d"), k("4")));
            assertThat(storage.get(k("d"))).isEqualTo(k("4"));
        }
    }

    @Test void theScheduleBacksOffToItsCap() {
        assertThat(InPlaceRecovery.delayAfter(1)).isEqualTo(InPlaceRecovery.RETRY_DELAYS.get(0));
        assertThat(InPlaceRecovery.delayAfter(InPlaceRecovery.RETRY_DELAYS.size() + 1)).isEqualTo(InPlaceRecovery.MAX_DELAY);
        assertThat(InPlaceRecovery.delayAfter(1_000)).isEqualTo(InPlaceRecovery.MAX_DELAY);
    }

    @Test void otherErrorsDoNotReopen() {
        assertThat(RocksDbStorage.reopenable(new Status(Status.Code.IOError, Status.SubCode.NoSpace, "disk full"))).isTrue();
        assertThat(RocksDbStorage.reopenable(new Status(Status.Code.Corruption, Status.SubCode.None, "bad block"))).isFalse();
        assertThat(RocksDbStorage.reopenable(null)).isFalse();
    }

    /**
     * The real failure: the soft limit on open files of this very process is lowered to the
     * descriptors it holds, and writes go on until RocksDB needs a new file (a log file when the
     * memtable is full, a table file for the flush) and fails; the limit comes back on its own
     * {@link #LOWERED_SECONDS} later, whatever the test is doing then (a test stuck with the
     * limit lowered would take every later test in this JVM down with it), and the storage
     * recovers without a restart. Both prlimit runs are started before the limit is lowered,
     * since starting a process needs descriptors too.
     */
    @Test void runningOutOfFileDescriptorsIsRecoveredWithoutARestart() throws Exception {
        Path fds = Path.of("/proc/self/fd");
        assumeTrue(Files.isDirectory(fds) && Files.isExecutable(Path.of("/usr/bin/prlimit")), "Linux with prlimit");
        long[] limits = openFileLimits();
        long pid = ProcessHandle.current().pid();
        try (RocksDbStorage storage = new RocksDbStorage(dir.resolve("db"), false, clock)) {
            storage.write(new WriteBatch().put(k("before"), k("1")));
            // Classes the failure path loads, loaded now: loading a class may need a descriptor.
            assertThat(new StorageUnavailableException("warm-up").getMessage()).isNotEmpty();
            assertThat(storage.health().serving()).isTrue();
            assertThat(InPlaceRecovery.delayAfter(1).isNegative()).isFalse();
            // ... and what a log line needs (time zone rules), as a server has after its first line.
            assertThat(java.util.TimeZone.getDefault()).isNotNull();
            System.getLogger(InPlaceRecovery.class.getName()).log(System.Logger.Level.INFO, "lowering the open-files limit");
            Process lower = new ProcessBuilder("sh", "-c", "read n; exec prlimit --pid " + pid + " --nofile=$n:" + limits[1])
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Process raise = new ProcessBuilder("sh", "-c", "sleep " + LOWERED_SECONDS + "; exec prlimit --pid " + pid
                    + " --nofile=" + limits[0] + ":" + limits[1])
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            boolean wentDown = false;
            try {
                OutputStream lowerInput = lower.getOutputStream();
                lowerInput.write((lowestFreeDescriptor(fds) + "\n").getBytes(StandardCharsets.US_ASCII));
                lowerInput.flush();
                assertThat(lower.waitFor(LOWERED_SECONDS, TimeUnit.SECONDS)).isTrue();
                byte[] value = new byte[64 * 1024];
                for (int i = 0; i < 1_000 && !wentDown; i++) { // up to 64 MB: several memtables
                    try {
                        storage.write(new WriteBatch().put(k("w" + i), value));
                    } catch (StorageException | StorageUnavailableException e) {
                        wentDown = true;
                    }
                    wentDown |= !storage.health().serving();
                }
            } finally {
                assertThat(raise.waitFor(4 * LOWERED_SECONDS, TimeUnit.SECONDS)).as("limit restored").isTrue();
            }
            assumeTrue(wentDown, "RocksDB found a free descriptor below the limit (another thread closed one)");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!storage.health().serving()) {
                assertThat(System.nanoTime()).as("recovered: %s", storage.health().problem()).isLessThan(deadline);
                clock.advance(InPlaceRecovery.MAX_DELAY);
                Thread.sleep(5 * InPlaceRecovery.POLL_MILLIS);
            }
            assertThat(storage.health().recoveries()).isEqualTo(1);
            assertThat(storage.get(k("before"))).isEqualTo(k("1"));
            storage.write(new WriteBatch().put(k("after"), k("2")));
            assertThat(storage.get(k("after"))).isEqualTo(k("2"));
        }
    }

    /** How long the lowered limit lasts. */
    private static final int LOWERED_SECONDS = 5;

    /** The soft and hard limits on open files of this process. */
    private static long[] openFileLimits() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
            if (line.startsWith("Max open files")) {
                String[] f = line.substring("Max open files".length()).trim().split("\\s+");
                return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
            }
        }
        throw new IllegalStateException("no open-files limit in /proc/self/limits");
    }

    /** The descriptor the next open would get: with the limit there, it fails instead. */
    private static int lowestFreeDescriptor(Path fds) throws IOException {
        Set<Integer> used = new HashSet<>();
        try (var list = Files.list(fds)) {
            list.forEach(p -> used.add(Integer.parseInt(p.getFileName().toString())));
        }
        int n = 0;
        while (used.contains(n)) n++;
        return n;
    }
}
