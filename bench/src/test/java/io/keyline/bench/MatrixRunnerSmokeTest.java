package io.keyline.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.bench.target.TargetEnvironment;
import io.keyline.protocol.Json;
import io.keyline.time.SystemClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI's smoke run of the whole harness: the speed-of-light server as a subprocess, the raw
 * client, three operations, a fraction of a second each. Asserts only that it runs and reports.
 */
class MatrixRunnerSmokeTest {
    @TempDir Path out;

    @Test
    @SuppressWarnings("unchecked")
    void smokeMatrixWritesMarkdownAndJson() throws Exception {
        BenchOptions options = BenchOptions.parse("--smoke", "--clients", "raw", "--out", out.toString());
        TargetEnvironment env = new TargetEnvironment(TargetEnvironment.findRepoRoot(), out.resolve("scratch"), List.of("-Xmx128m"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        MatrixRunner.Outcome outcome = new MatrixRunner(options, env, SystemClock.INSTANCE, new PrintStream(log, true))
                .run("--smoke");

        assertThat(outcome.runs()).hasSize(3).allSatisfy(r -> {
            assertThat(r.result().requests()).isPositive();
            assertThat(r.result().errors()).isZero();
        });
        assertThat(outcome.startup()).singleElement().satisfies(s -> assertThat(s.readyMillis()).isPositive());
        assertThat(Files.readString(out.resolve("results.md"))).contains("| raw | query | 200 B | uniform | c4 | speed-of-light | 1 |");
        Map<String, Object> json = (Map<String, Object>) Json.parse(Files.readAllBytes(out.resolve("results.json")));
        assertThat((List<Object>) json.get("runs")).hasSize(3);
        assertThat((List<Object>) json.get("summaries")).hasSize(3);
        assertThat(log.toString()).contains("started speed-of-light");
    }
}
