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
        assertThat((List<Object>) json.get("runs")).hasSize(3).allSatisfy(run -> {
            // every run carries its timeline: [start ms, requests, p99 µs, max µs] slices that add up to the run's requests
            Map<String, Object> r = (Map<String, Object>) run;
            List<List<Number>> timeline = (List<List<Number>>) r.get("timeline");
            assertThat(timeline).isNotEmpty().allSatisfy(slice -> assertThat(slice).hasSize(4));
            assertThat(timeline.stream().mapToLong(slice -> slice.get(1).longValue()).sum())
                    .isEqualTo(((Number) r.get("requests")).longValue());
        });
        assertThat((List<Object>) json.get("summaries")).hasSize(3);
        assertThat(log.toString()).contains("started speed-of-light");
    }
}
