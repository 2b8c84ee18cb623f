package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.server.testing.KeylineExtension;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * boto3's {@code dynamodbstreams} client, unchanged, reads every record of a stream in order over
 * HTTP (docs/STREAMS.md): the script {@code streams/boto3_consumer.py} makes known changes and
 * checks what it reads. Runs where python3 with boto3 is installed (CI images have it, as the
 * conformance suite needs it); skipped elsewhere.
 */
class StreamsBoto3Test {
    @RegisterExtension static KeylineExtension keyline = KeylineExtension.inMemory();

    @TempDir Path dir;

    @Test void boto3ReadsEveryRecordInOrder() throws Exception {
        assertThat(Boto3Script.run(dir, "/streams/boto3_consumer.py", keyline.endpoint())).contains("in order");
    }
}
