package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.keyline.server.testing.KeylineExtension;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * boto3's {@code execute_statement}, {@code batch_execute_statement} and
 * {@code execute_transaction}, unchanged, against a server (docs/PARTIQL.md): the script
 * {@code partiql/boto3_partiql.py} runs statements and checks their answers. Runs where python3
 * with boto3 is installed; skipped elsewhere.
 */
class PartiqlBoto3Test {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();

    @TempDir Path dir;

    @Test void boto3RunsPartiql() throws Exception {
        assumeTrue(run(new ProcessBuilder("python3", "-c", "import boto3")) == 0, "python3 with boto3 is not installed");
        Path script = dir.resolve("boto3_partiql.py");
        try (InputStream in = PartiqlBoto3Test.class.getResourceAsStream("/partiql/boto3_partiql.py")) {
            Files.write(script, in.readAllBytes());
        }
        Path out = dir.resolve("out.txt");
        ProcessBuilder pb = new ProcessBuilder("python3", script.toString(), keyline.endpoint().toString())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        int rc = run(pb);
        assertThat(rc).as(Files.readString(out, StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(out)).contains("boto3 PartiQL ok");
    }

    private static int run(ProcessBuilder pb) throws IOException, InterruptedException {
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
