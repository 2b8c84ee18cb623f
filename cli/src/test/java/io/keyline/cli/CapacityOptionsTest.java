package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.capacity.CapacityMode;
import io.keyline.capacity.CapacitySettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code keyline serve}'s capacity options: the mode and the [inf] rules users may correct. */
class CapacityOptionsTest {
    private static CapacitySettings parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.capacitySettings();
    }

    @Test void defaultsAreDynamoDbs() {
        assertThat(parse()).isEqualTo(io.keyline.engine.config.Settings.defaultCapacity());
        assertThat(parse().partitionBurst()).isEqualTo(io.keyline.capacity.CapacitySettings.DEFAULT_PARTITION_BURST);
        assertThat(parse("--partition-burst", "1s").partitionBurst()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test void everyOptionReachesTheSettings() {
        CapacitySettings c = parse("--capacity", "ACCOUNT", "--partition-split-size", "1MB", "--table-quota", "80000",
                "--hot-partition-isolation", "30s", "--on-demand-growth-delay", "5m");
        assertThat(c.mode()).isEqualTo(CapacityMode.ACCOUNT);
        assertThat(c.maxPartitionBytes()).isEqualTo(1L << 20);
        assertThat(c.tableQuotaRead()).isEqualTo(80000.0);
        assertThat(c.tableQuotaWrite()).isEqualTo(80000.0);
        assertThat(c.isolationDelay()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.isolationEnabled()).isTrue();
        assertThat(c.onDemandGrowthDelay()).isEqualTo(Duration.ofMinutes(5));
        assertThat(parse("--no-partition-isolation").isolationEnabled()).isFalse();
        assertThat(parse("--capacity", "off").mode()).isEqualTo(CapacityMode.OFF);
    }

    @Test void sizesReadAsPeopleWriteThem() {
        ByteSizeConverter c = new ByteSizeConverter();
        assertThat(c.convert("4096")).isEqualTo(4096L);
        assertThat(c.convert("64KB")).isEqualTo(65536L);
        assertThat(c.convert("10GB")).isEqualTo(10L << 30);
        assertThatThrownBy(() -> c.convert("0")).isInstanceOf(CommandLine.TypeConversionException.class);
        assertThatThrownBy(() -> c.convert("big")).isInstanceOf(CommandLine.TypeConversionException.class);
    }

    @Test void unknownModeIsAUsageError() {
        CommandLine cli = Keyline.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("serve", "--capacity", "maybe")).isEqualTo(2);
        assertThat(err.toString()).contains("enforce, account, off");
    }

    @Test void helpExplainsTheCapacityOptions() {
        StringWriter out = new StringWriter();
        CommandLine cli = Keyline.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.execute("serve", "--help");
        assertThat(out.toString()).contains("--capacity").contains("enforce").contains("--partition-split-size")
                .contains("10GB").contains("/admin/partitions");
    }
}
