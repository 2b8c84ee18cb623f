package io.keyline.reliability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.time.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure run's reading of the survivor's log: only lines written after the kill count, the
 * lease line must name the dead process, the applied line must name the log that lease was on,
 * and a line is timed when it is read whole (a line still being written waits for its end).
 */
class HandoverWatchTest {
    private static final long DEAD = 4242;
    @TempDir Path dir;

    @Test void timesTheSurvivorsLinesAboutTheDeadNodesWorkFromTheKill() throws IOException {
        Path log = dir.resolve("keyline-2.log");
        Files.writeString(log, "INFO: took the lease of GSI change log 7 (held by http://127.0.0.1:1 4242@1, ran out 5 ms ago): "
                + "applying its records\nINFO: owns 64 of 64 token ranges (was 0)\n"); // before the kill
        ManualClock clock = new ManualClock();
        HandoverWatch watch = new HandoverWatch(log, DEAD, clock, clock.nanos());

        clock.advance(Duration.ofSeconds(9));
        append(log, "Dec 02, 2026 6:40:01 AM io.keyline.engine.cluster.ClusterDuties adoptOrphans\n"
                + "INFO: took the lease of GSI change log 3 (held by http://127.0.0.1:40001 999@17, ran out 10 ms ago): applying its records\n"
                + "INFO: took the lease of GSI change log 5 (held by http://127.0.0.1:40001 4242@1764650000000, ran out 120 ms ago): "
                + "applying its records\n"
                + "INFO: applied 12 GSI change records of log 3, left by another Keyline node\n"
                + "INFO: owns 32 of 64 token ranges (was 0)\n"
                + "INFO: appl");
        watch.poll();
        HandoverWatch.Handover h = watch.handover();
        assertThat(h.leaseTakenNanos()).isEqualTo(Duration.ofSeconds(9).toNanos());
        assertThat(h.logId()).isEqualTo(5);
        assertThat(h.appliedNanos()).as("the other log's line, and a line not yet whole, do not count").isEqualTo(-1);
        assertThat(h.rangesTakenNanos()).as("32 of 64 is not every range").isEqualTo(-1);
        assertThat(watch.complete()).isFalse();

        clock.advance(Duration.ofMillis(500));
        append(log, "ied 1,234 GSI change records of log 5, left by another Keyline node\nINFO: owns 64 of 64 token ranges (was 32)\n");
        watch.poll();
        h = watch.handover();
        assertThat(h.appliedNanos()).isEqualTo(Duration.ofMillis(9_500).toNanos());
        assertThat(h.recordsApplied()).isEqualTo(1_234);
        assertThat(h.rangesTakenNanos()).isEqualTo(Duration.ofMillis(9_500).toNanos());
        assertThat(h.gsiWorkResumed()).isTrue();
        assertThat(watch.complete()).isTrue();
    }

    private static void append(Path log, String text) throws IOException {
        Files.writeString(log, text, StandardOpenOption.APPEND);
    }
}
