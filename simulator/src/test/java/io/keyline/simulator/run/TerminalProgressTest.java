package io.keyline.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.time.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TerminalProgressTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final ManualClock wall = new ManualClock();

    private String printed() { return bytes.toString(StandardCharsets.UTF_8); }

    @Test void oneLineRedrawnInPlaceAtMostFiveTimesASecond() {
        TerminalProgress p = new TerminalProgress(out, true, wall);
        Duration total = Duration.ofMinutes(10);
        for (int i = 1; i <= 50; i++) {
            wall.advance(Duration.ofMillis(20)); // 50 calls in one second of wall time
            p.progress(Duration.ofSeconds(6 * i), total, 1_000L * i);
        }
        assertThat(printed().chars().filter(c -> c == '\r').count()).isBetween(5L, 6L);
        assertThat(printed()).doesNotContain("\n");
        p.progress(total, total, 100_000);
        assertThat(printed()).endsWith(System.lineSeparator()).contains("100%");
    }

    @Test void theLineSaysWhereTheRunIs() {
        String line = TerminalProgress.line(Duration.ofMinutes(5), Duration.ofMinutes(10), 2_000_000, 4_000_000_000L);
        assertThat(line).isEqualTo("[##########----------]  50%  5m00s / 10m00s simulated   500,000 req/s   ETA 4s");
    }

    @Test void silentWhenNotATerminal() {
        TerminalProgress p = new TerminalProgress(out, false, wall);
        p.progress(Duration.ofMinutes(1), Duration.ofMinutes(2), 10);
        p.progress(Duration.ofMinutes(2), Duration.ofMinutes(2), 20);
        assertThat(printed()).isEmpty();
    }
}
