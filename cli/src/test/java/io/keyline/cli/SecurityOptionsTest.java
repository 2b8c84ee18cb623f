package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.ServerSecurity;
import io.keyline.server.auth.AuthMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code keyline serve}'s security options: {@code --auth}, {@code --credentials}, {@code --tls-cert}, {@code --tls-key}, {@code --allowed-hosts}. */
class SecurityOptionsTest {
    @TempDir Path dir;

    private static ServerSecurity parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.security();
    }

    @Test void noneOnLoopbackByDefault() {
        assertThat(parse().authenticator().mode()).isEqualTo(AuthMode.NONE);
        assertThat(parse("--host", "localhost").authenticator().mode()).isEqualTo(AuthMode.NONE);
        assertThat(parse("--host", "::1").authenticator().mode()).isEqualTo(AuthMode.NONE);
        assertThat(parse().tlsEnabled()).isFalse();
    }

    @Test void enforceOnAnyOtherAddressNeedsCredentials() {
        assertThatThrownBy(() -> parse("--host", "0.0.0.0"))
                .isInstanceOf(ServeCommand.StartupException.class)
                .hasMessageContaining("--auth enforce needs --credentials FILE")
                .hasMessageContaining("0.0.0.0, which is not a loopback address");
        assertThatThrownBy(() -> parse("--auth", "enforce")).hasMessageContaining("--auth enforce needs --credentials FILE");
        assertThat(parse("--host", "0.0.0.0", "--auth", "none").authenticator().mode()).isEqualTo(AuthMode.NONE);
    }

    @Test void credentialsFileIsReadAtStart() throws Exception {
        Path file = dir.resolve("credentials");
        Files.writeString(file, "[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = s3cr3t-value\n");
        assertThat(parse("--host", "0.0.0.0", "--credentials", file.toString()).authenticator().enforced()).isTrue();
        Files.writeString(file, "[default]\naws_access_key_id = AKIDEXAMPLE\n");
        assertThatThrownBy(() -> parse("--auth", "enforce", "--credentials", file.toString()))
                .isInstanceOf(ServeCommand.StartupException.class)
                .hasMessageContaining("aws_secret_access_key is missing");
        assertThatThrownBy(() -> parse("--auth", "enforce", "--credentials", dir.resolve("absent").toString()))
                .hasMessageContaining("cannot read credentials file");
    }

    @Test void mistakesAreStartupErrors() {
        assertThatThrownBy(() -> parse("--auth", "maybe")).isInstanceOf(ServeCommand.StartupException.class)
                .hasMessageContaining("--auth must be none or enforce");
        assertThatThrownBy(() -> parse("--tls-cert", "cert.pem")).hasMessageContaining("--tls-cert and --tls-key go together");
        assertThatThrownBy(() -> parse("--tls-cert", dir.resolve("c.pem").toString(), "--tls-key", dir.resolve("k.pem").toString()))
                .isInstanceOf(ServeCommand.StartupException.class).hasMessageContaining("is not a readable file");
    }

    @Test void hostsAreCheckedUnderAuthNoneAndUnderEnforceOnlyWhenAsked() throws Exception {
        assertThat(parse().hosts().allows("localhost:8000")).isTrue();
        assertThat(parse().hosts().allows("attacker.example:8000")).isFalse();
        assertThat(parse("--allowed-hosts", "keyline,db.internal").hosts().allows("db.internal:8000")).isTrue();
        assertThat(parse("--allowed-hosts", "*").hosts().allowsAny()).isTrue();
        Path file = dir.resolve("credentials");
        Files.writeString(file, "[default]\naws_access_key_id = AKIDEXAMPLE\naws_secret_access_key = s3cr3t-value\n");
        assertThat(parse("--host", "0.0.0.0", "--credentials", file.toString()).hosts().allowsAny()).isTrue();
        assertThat(parse("--host", "0.0.0.0", "--credentials", file.toString(), "--allowed-hosts", "db.internal").hosts()
                .allows("attacker.example")).isFalse();
        assertThatThrownBy(() -> parse("--allowed-hosts", "http://x/")).isInstanceOf(ServeCommand.StartupException.class)
                .hasMessageContaining("is not a host name");
    }
}
