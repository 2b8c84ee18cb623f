package io.keyline.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.time.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The credentials file: its format, the default account, its mistakes (never quoting a secret) and its reloading. */
class CredentialStoreTest {
    @TempDir Path dir;

    @Test void readsTheSharedCredentialsFormat() {
        Map<String, Credential> c = CredentialsFile.parse("""
                # a comment
                [default]
                aws_access_key_id = AKIDONE
                aws_secret_access_key=secret/one+
                aws_account_id = 111122223333

                ; another comment
                [Other Profile]
                AWS_ACCESS_KEY_ID = AKIDTWO
                aws_secret_access_key = secret-two
                region = eu-west-1
                aws_session_token = ignored

                [no-key]
                region = us-east-1
                """);
        assertThat(c).containsOnlyKeys("AKIDONE", "AKIDTWO");
        assertThat(c.get("AKIDONE")).isEqualTo(new Credential("AKIDONE", "secret/one+", "111122223333"));
        assertThat(c.get("AKIDTWO").accountId()).isEqualTo(Credential.defaultAccountOf("AKIDTWO")).matches("[0-9]{12}");
    }

    @Test void theDefaultAccountIsStablePerKeyAndDiffersBetweenKeys() {
        assertThat(Credential.defaultAccountOf("AKIDTWO")).isEqualTo(Credential.defaultAccountOf("AKIDTWO"));
        assertThat(Credential.defaultAccountOf("AKIDTWO")).isNotEqualTo(Credential.defaultAccountOf("AKIDTHREE"));
    }

    @Test void mistakesNameTheLineNeverTheSecret() {
        assertThatThrownBy(() -> CredentialsFile.parse("aws_secret_access_key = hunter2\n"))
                .hasMessage("line 1: a key before any [section]").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> CredentialsFile.parse("[a]\naws_access_key_id = K\n"))
                .hasMessageContaining("section [a] (line 1): aws_secret_access_key is missing");
        assertThatThrownBy(() -> CredentialsFile.parse("[a]\naws_access_key_id=K\naws_secret_access_key=hunter2\naws_account_id=12\n"))
                .hasMessageContaining("aws_account_id must be 12 digits").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> CredentialsFile.parse("[a]\naws_access_key_id=K\naws_secret_access_key=hunter2\n[b]\n"
                + "aws_access_key_id=K\naws_secret_access_key=hunter3\n"))
                .hasMessageContaining("appears twice").hasMessageNotContaining("hunter");
        assertThatThrownBy(() -> CredentialsFile.parse("[a]\nhunter2\n")).hasMessage("line 2: expected key = value");
    }

    @Test void aCredentialNeverShowsItsSecret() {
        assertThat(new Credential("AKID", "hunter2", "111122223333").toString()).doesNotContain("hunter2").contains("AKID");
    }

    @Test void aChangedFileIsReadAgainOnTheClock() throws Exception {
        ManualClock clock = new ManualClock();
        Path file = dir.resolve("credentials");
        Files.writeString(file, "[a]\naws_access_key_id = OLD\naws_secret_access_key = old-secret\n");
        CredentialStore store = CredentialStore.load(file, clock);
        assertThat(store.find("OLD")).isNotNull();

        Files.writeString(file, "[a]\naws_access_key_id = NEWKEY\naws_secret_access_key = the-new-secret\n");
        assertThat(store.find("NEWKEY")).as("not looked at again within a second").isNull();
        clock.advance(CredentialStore.CHECK_INTERVAL);
        assertThat(store.find("NEWKEY")).isNotNull();
        assertThat(store.find("OLD")).as("a removed key stops working").isNull();
    }

    @Test void aBrokenFileKeepsTheCredentialsInForce() throws Exception {
        ManualClock clock = new ManualClock();
        Path file = dir.resolve("credentials");
        Files.writeString(file, "[a]\naws_access_key_id = KEY\naws_secret_access_key = a-secret\n");
        CredentialStore store = CredentialStore.load(file, clock);
        Files.writeString(file, "[a]\naws_access_key_id = KEY\n# being edited\n");
        clock.advance(Duration.ofSeconds(2));
        assertThat(store.find("KEY")).isNotNull();
        Files.delete(file);
        clock.advance(Duration.ofSeconds(2));
        assertThat(store.find("KEY")).isNotNull();
        Files.writeString(file, "[a]\naws_access_key_id = KEY2\naws_secret_access_key = another-secret\n");
        clock.advance(Duration.ofSeconds(2));
        assertThat(store.find("KEY2")).isNotNull();
    }
}
