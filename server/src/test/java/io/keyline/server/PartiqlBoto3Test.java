package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.KeylineExtension;
import java.nio.file.Path;
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
        assertThat(Boto3Script.run(dir, "/partiql/boto3_partiql.py", keyline.endpoint())).contains("boto3 PartiQL ok");
    }
}
