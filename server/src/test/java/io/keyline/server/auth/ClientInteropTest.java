package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.keyline.server.ServerSecurity;
import io.keyline.server.testing.KeylineExtension;
import io.keyline.time.SystemClock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * boto3 and the AWS CLI, unchanged, against {@code --auth enforce}: their signatures verify
 * (header form; boto3's presigned query too), a wrong secret and an unknown key are refused with
 * DynamoDB's errors. The AWS SDK for Java v2 is {@link AuthEnforceTest}'s. Each runs where its
 * tool is installed (CI images have both, as the conformance suite needs them); skipped elsewhere.
 */
class ClientInteropTest {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory()
            .withSecurity(new ServerSecurity(Authenticator.enforce(AuthEnforceTest.credentials(), SystemClock.INSTANCE), null));

    @TempDir Path dir;

    @Test void boto3Verifies() throws Exception {
        assumeTrue(run(List.of("python3", "-c", "import boto3"), Map.of()).rc == 0, "python3 with boto3 is not installed");
        Path script = dir.resolve("boto3_auth.py");
        try (InputStream in = ClientInteropTest.class.getResourceAsStream("/auth/boto3_auth.py")) {
            Files.write(script, in.readAllBytes());
        }
        Result r = run(List.of("python3", script.toString(), keyline.endpoint().toString(), AuthEnforceTest.KEY_A, AuthEnforceTest.SECRET_A),
                Map.of());
        assertThat(r.rc).as(r.out).isZero();
        assertThat(r.out).contains("presigned query verified", "boto3 verified",
                "refused as expected: InvalidSignatureException", "refused as expected: UnrecognizedClientException");
    }

    @Test void theAwsCliVerifies() throws Exception {
        assumeTrue(run(List.of("aws", "--version"), Map.of()).rc == 0, "the AWS CLI is not installed");
        Result ok = cli(AuthEnforceTest.KEY_B, AuthEnforceTest.SECRET_B);
        assertThat(ok.rc).as(ok.out).isZero();
        assertThat(ok.out).contains("TableNames");
        Result wrong = cli(AuthEnforceTest.KEY_B, "wrong-secret");
        assertThat(wrong.rc).as(wrong.out).isNotZero();
        assertThat(wrong.out).contains("InvalidSignatureException");
    }

    private Result cli(String key, String secret) throws Exception {
        return run(List.of("aws", "dynamodb", "list-tables", "--endpoint-url", keyline.endpoint().toString(), "--region", "us-east-1",
                "--cli-read-timeout", "20"), Map.of("AWS_ACCESS_KEY_ID", key, "AWS_SECRET_ACCESS_KEY", secret,
                "AWS_CONFIG_FILE", dir.resolve("none").toString(), "AWS_SHARED_CREDENTIALS_FILE", dir.resolve("none").toString(),
                "AWS_MAX_ATTEMPTS", "1"));
    }

    private record Result(int rc, String out) {}

    private Result run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p;
        try {
            p = pb.start();
        } catch (IOException notInstalled) {
            return new Result(-1, notInstalled.getMessage());
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, out);
        }
        return new Result(p.exitValue(), out);
    }
}
