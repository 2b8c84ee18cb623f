package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line: help texts, option parsing and a serve start/stop in memory. */
class KeylineCommandTest {
    private static String run(String... args) {
        CommandLine cli = Keyline.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(out));
        cli.execute(args);
        return out.toString();
    }

    @Test
    void topLevelHelpNamesServe() {
        String help = run("--help");
        assertThat(help).contains("Usage: keyline").contains("serve").contains("DynamoDB");
        assertThat(run()).as("no subcommand shows usage").contains("Usage: keyline");
    }

    @Test
    void serveHelpExplainsEveryOptionWithItsDefault() {
        String help = run("serve", "--help");
        assertThat(help)
                .contains("--host").contains("127.0.0.1")
                .contains("--port").contains("8000")
                .contains("--in-memory")
                .contains("--data-dir").contains("./keyline-data")
                .contains("--table-create-delay").contains("--table-delete-delay").contains("--ttl-delay")
                .contains("--region").contains("us-east-1");
    }

    @Test
    void checkTakesATableThroughItsLifeOverHttp() {
        CommandLine cli = Keyline.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(out));
        assertThat(cli.execute("check")).as(out.toString()).isZero();
        assertThat(out.toString()).contains("keyline check: OK (14 requests answered)");
    }

    @Test
    void versionIsPrinted() {
        assertThat(run("--version")).matches("keyline \\d+\\.\\d+\\.\\d+\\S*\\s*");
    }

    @Test
    void durationsReadAsPeopleWriteThem() {
        DurationConverter c = new DurationConverter();
        assertThat(c.convert("0")).isEqualTo(Duration.ZERO);
        assertThat(c.convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(c.convert("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.convert("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(c.convert("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(c.convert("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(c.convert("PT3S")).isEqualTo(Duration.ofSeconds(3));
        assertThatThrownBy(() -> c.convert("soon")).isInstanceOf(CommandLine.TypeConversionException.class);
        assertThatThrownBy(() -> c.convert("-PT1S")).isInstanceOf(CommandLine.TypeConversionException.class);
    }

    @Test
    void byteSizesReadAsPeopleWriteThem() {
        ByteSizeConverter c = new ByteSizeConverter();
        assertThat(c.convert("4096")).isEqualTo(4096L);
        assertThat(c.convert("64KB")).isEqualTo(65_536L);
        assertThat(c.convert("10gb")).isEqualTo(10L << 30);
        assertThatThrownBy(() -> c.convert("0")).isInstanceOf(CommandLine.TypeConversionException.class);
        assertThatThrownBy(() -> c.convert("big")).isInstanceOf(CommandLine.TypeConversionException.class);
    }

    @Test
    void badDurationIsAUsageError() {
        CommandLine cli = Keyline.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("serve", "--table-create-delay", "soon")).isEqualTo(2);
        assertThat(err.toString()).contains("not a duration");
    }

    @Test
    void serveInMemoryAnswersAndStops() throws Exception {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--in-memory", "--port", "0", "--table-create-delay", "250ms", "--region", "eu-west-1");
        assertThat(serve.tableCreateDelay).isEqualTo(Duration.ofMillis(250));
        try (ServeCommand.Running running = serve.start()) {
            assertThat(running.engine().settings().region()).isEqualTo("eu-west-1");
            HttpResponse<String> health = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.port() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).startsWith("healthy: ");
        }
    }

    @Test
    void ttlDelaySetsTheExpirersDelayAndServeStartsIt() throws Exception {
        ServeCommand defaults = new ServeCommand();
        new CommandLine(defaults).parseArgs("--in-memory");
        assertThat(defaults.ttlDelay).isEqualTo(Duration.ofSeconds(2));
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--in-memory", "--port", "0", "--ttl-delay", "100ms");
        try (ServeCommand.Running running = serve.start()) {
            assertThat(running.engine().settings().timeToLive().deletionDelay()).isEqualTo(Duration.ofMillis(100));
            assertThat(Thread.getAllStackTraces().keySet()).anyMatch(t -> t.getName().equals("keyline-ttl-expirer"));
        }
    }

    @Test
    void sharedDbGivesEveryRegionTheDefaultRegionsTables() throws Exception {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--in-memory", "--port", "0", "--shared-db");
        try (ServeCommand.Running running = serve.start()) {
            assertThat(running.engine().settings().sharedDb()).isTrue();
            assertThat(running.engine().inRegion("eu-west-1").namespace()).isEqualTo(running.engine().namespace());
        }
        ServeCommand separate = new ServeCommand();
        new CommandLine(separate).parseArgs("--in-memory", "--port", "0");
        try (ServeCommand.Running running = separate.start()) {
            assertThat(running.engine().inRegion("eu-west-1").namespace().region()).isEqualTo("eu-west-1");
        }
    }

    @Test
    void aRegionThatCannotBePartOfAnArnIsRefused() {
        CommandLine cli = Keyline.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("serve", "--in-memory", "--port", "0", "--region", "us:east")).isEqualTo(1);
        assertThat(err.toString()).startsWith("keyline: --region must be");
    }

    @Test
    void serveKeepsDataInRocksDbUnderTheDataDir(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path data = dir.resolve("data");
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs("--port", "0", "--data-dir", data.toString());
        byte[] key = {0, 0, 0, 0, 0, 0, 0, 42, 1};
        try (ServeCommand.Running running = serve.start()) {
            assertThat(running.engine().storage().describe()).contains(data.toAbsolutePath().toString());
            running.engine().storage().write(new io.keyline.storage.WriteBatch().put(key, new byte[] {7}));
        }
        assertThat(data).isDirectory();
        ServeCommand again = new ServeCommand();
        new CommandLine(again).parseArgs("--port", "0", "--data-dir", data.toString());
        try (ServeCommand.Running running = again.start()) {
            assertThat(running.engine().storage().get(key)).containsExactly(7);
            // A second server on the same directory is refused with a one-line reason.
            CommandLine cli = Keyline.commandLine();
            StringWriter err = new StringWriter();
            cli.setErr(new PrintWriter(err));
            assertThat(cli.execute("serve", "--port", "0", "--data-dir", data.toString())).isEqualTo(1);
            assertThat(err.toString()).startsWith("keyline: ").contains(data.toAbsolutePath().toString());
        }
    }

    @Test
    void portInUseIsAOneLineError() {
        ServeCommand first = new ServeCommand();
        new CommandLine(first).parseArgs("--in-memory", "--port", "0");
        try (ServeCommand.Running running = first.start()) {
            CommandLine cli = Keyline.commandLine();
            StringWriter err = new StringWriter();
            cli.setErr(new PrintWriter(err));
            int code = cli.execute("serve", "--in-memory", "--port", String.valueOf(running.port()));
            assertThat(code).isEqualTo(1);
            assertThat(err.toString()).startsWith("keyline: cannot listen on 127.0.0.1:" + running.port());
        }
    }
}
