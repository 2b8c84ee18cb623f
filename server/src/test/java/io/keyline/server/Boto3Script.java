package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of the test resources' boto3 scripts against a server, as a user's Python program
 * would: {@code python3 SCRIPT ENDPOINT}. Skips the calling test where python3 with boto3 is not
 * installed; fails it when the script exits non-zero, with the script's output as the reason.
 */
final class Boto3Script {
    private static final long TIMEOUT_SECONDS = 120;

    private Boto3Script() {}

    /** The script's output (stdout and stderr), once it has exited 0. */
    static String run(Path dir, String resource, URI endpoint) throws IOException, InterruptedException {
        assumeTrue(exitCode(new ProcessBuilder("python3", "-c", "import boto3")) == 0, "python3 with boto3 is not installed");
        Path script = dir.resolve(Path.of(resource).getFileName().toString());
        try (InputStream in = Boto3Script.class.getResourceAsStream(resource)) {
            Files.write(script, in.readAllBytes());
        }
        Path out = dir.resolve("out.txt");
        int rc = exitCode(new ProcessBuilder("python3", script.toString(), endpoint.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()));
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(rc).as(output).isZero();
        return output;
    }

    private static int exitCode(ProcessBuilder pb) throws IOException, InterruptedException {
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
