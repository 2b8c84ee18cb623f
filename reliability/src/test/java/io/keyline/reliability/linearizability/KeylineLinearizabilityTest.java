package io.keyline.reliability.linearizability;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.reliability.process.Launcher;
import io.keyline.time.SystemClock;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short run of the recorder and checker against Keyline as a child process, in memory and on
 * RocksDB: a few rounds of twelve clients on three keys over HTTP. Every history must be
 * linearizable and decided. The documented run (docs/RELIABILITY.md) is longer.
 */
class KeylineLinearizabilityTest {
    @TempDir Path work;

    private void check(LinearizabilityRun.Storage storage) throws Exception {
        LinearizabilityRun run = new LinearizabilityRun(Launcher.thisClasspath("-Xmx384m"), work, SystemClock.INSTANCE,
                new PrintStream(PrintStream.nullOutputStream()));
        LinearizabilityRun.Report report = run.run(new LinearizabilityRun.Settings(storage, 3,
                new HistoryRecorder.Settings(12, 3, Duration.ofSeconds(2), 42)));
        assertThat(report.histories()).isBetween(1, 9);
        assertThat(report.operations()).as(report.render()).isGreaterThan(50);
        assertThat(report.notLinearizable()).as(report.render()).isZero();
        assertThat(report.undecided()).as(report.render()).isZero();
    }

    @Test void inMemory() throws Exception {
        check(LinearizabilityRun.Storage.MEMORY);
    }

    @Test void onRocksDb() throws Exception {
        check(LinearizabilityRun.Storage.ROCKSDB);
    }
}
