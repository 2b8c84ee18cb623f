package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code keyline serve --durability} (docs/RULES.md#DURABILITY). */
class DurabilityOptionTest {
    private static ServeCommand parsed(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve;
    }

    @Test void asyncIsTheDefaultAndSyncAChoice() {
        assertThat(parsed().syncWrites()).isFalse();
        assertThat(parsed("--durability", "sync").syncWrites()).isTrue();
        assertThat(parsed("--durability", "ASYNC").syncWrites()).isFalse();
    }

    @Test void anythingElseIsRefused() {
        assertThatThrownBy(() -> parsed("--durability", "fsync").syncWrites())
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("sync or async");
    }
}
