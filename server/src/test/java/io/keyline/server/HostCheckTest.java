package io.keyline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which Host values name the server (docs/RULES.md#SERVER-HOST), without a network. */
class HostCheckTest {
    private final HostCheck loopback = HostCheck.of("127.0.0.1", List.of("keyline.internal", "DB.Example.COM."));

    @Test void loopbackNamesAndEveryAddressLiteralPass() {
        for (String host : List.of("localhost", "localhost:8000", "LOCALHOST.", "app.localhost:8000", "127.0.0.1", "127.0.0.1:8000",
                "[::1]", "[::1]:8000", "10.1.2.3:8000", "[fe80::1]:8000", "0.0.0.0")) {
            assertThat(loopback.allows(host)).as(host).isTrue();
        }
    }

    @Test void configuredNamesPassWithoutCaseOrTrailingDot() {
        assertThat(loopback.allows("keyline.internal:8000")).isTrue();
        assertThat(loopback.allows("KEYLINE.internal.")).isTrue();
        assertThat(loopback.allows("db.example.com")).isTrue();
        assertThat(HostCheck.of("my-box.lan", List.of()).allows("my-box.lan:8000")).isTrue();
    }

    @Test void otherNamesAndMalformedValuesAreRefused() {
        for (String host : List.of("attacker.example", "attacker.example:8000", "127.0.0.1.nip.io", "localhost.attacker.example",
                "keyline.internal.attacker.example", "", " ", "[::1", "localhost:80a", "::1", "1.2.3", "1.2.3.4.5", "[::1]x",
                "local host", "localhost:8000/x")) {
            assertThat(loopback.allows(host)).as("'" + host + "'").isFalse();
        }
    }

    @Test void aRequestWithoutHostPasses() {
        assertThat(loopback.allows(null)).isTrue();
    }

    @Test void aStarAllowsAnyAndABadNameIsRefusedAtStart() {
        assertThat(HostCheck.of("127.0.0.1", List.of("*")).allowsAny()).isTrue();
        assertThat(HostCheck.ANY.allows("attacker.example")).isTrue();
        assertThatThrownBy(() -> HostCheck.of("127.0.0.1", List.of("http://x/"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--allowed-hosts");
    }
}
