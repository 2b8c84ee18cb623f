package io.keyline.reliability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.reliability.process.Launcher;
import io.keyline.time.SystemClock;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three SIGKILL cycles of the crash harness, as CI runs it: the server is this classpath's
 * Keyline started as a child process on RocksDB. Nothing acknowledged may be lost, no
 * transaction half applied or applied twice (in one server life, or by a retry with its token
 * after a restart: tokens are stored with their transaction), and the GSI and LSI must equal
 * their table after each restart.
 */
class CrashHarnessTest {
    @TempDir Path work;

    @Test void threeKillCyclesLoseNothingAcknowledged() throws Exception {
        CrashHarness.Settings settings = new CrashHarness.Settings(3, 6, 20261201L, Duration.ofMillis(1000), Duration.ofMillis(2000),
                Duration.ZERO);
        CrashReport report = new CrashHarness(settings, Launcher.thisClasspath("-Xmx384m"), work, SystemClock.INSTANCE,
                new PrintStream(PrintStream.nullOutputStream())).run();
        assertThat(report.clean()).as(report.render()).isTrue();
        assertThat(report.cycles()).isEqualTo(3);
        assertThat(report.acknowledgedWrites()).as(report.render()).isGreaterThan(0);
        assertThat(report.transactionsAcknowledged()).as(report.render()).isGreaterThan(0);
        assertThat(report.itemsChecked()).isGreaterThan(0);
    }
}
