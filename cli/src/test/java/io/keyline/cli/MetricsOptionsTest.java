package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.metrics.MetricsSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code keyline serve}'s metrics options: {@code --metrics on|off} (or -Dkeyline.metrics) and {@code --metrics-retention}. */
class MetricsOptionsTest {
    private static MetricsSettings parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.metricsSettings();
    }

    @Test void onByDefaultWithThreeHoursOfMinutesAndFifteenMinutesOfSeconds() {
        assertThat(parse()).isEqualTo(MetricsSettings.defaults());
        assertThat(parse().minuteRetention()).isEqualTo(Duration.ofHours(3));
        assertThat(parse().secondRetention()).isEqualTo(Duration.ofMinutes(15));
    }

    @Test void optionsReachTheSettings() {
        assertThat(parse("--metrics", "off").enabled()).isFalse();
        assertThat(parse("--metrics-retention", "1h").minuteRetention()).isEqualTo(Duration.ofHours(1));
        assertThat(parse("--metrics-retention", "1h").secondRetention()).isEqualTo(MetricsSettings.DEFAULT_SECOND_RETENTION);
        assertThat(parse("--metrics-retention", "30m,2m").secondRetention()).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> parse("--metrics", "maybe")).isInstanceOf(CommandLine.ParameterException.class);
    }

    @Test void theSystemPropertySetsTheDefault() {
        System.setProperty("keyline.metrics", "off");
        try {
            assertThat(parse().enabled()).isFalse();
            assertThat(parse("--metrics", "on").enabled()).isTrue();
        } finally {
            System.clearProperty("keyline.metrics");
        }
    }
}
