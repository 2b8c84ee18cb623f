package io.keyline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.Engine;
import io.keyline.engine.config.Settings;
import io.keyline.metrics.Metrics;
import io.keyline.metrics.MetricsSettings;
import io.keyline.op.Operations;
import io.keyline.server.AdminRoutes;
import io.keyline.server.EngineMetrics;
import io.keyline.server.KeylineServer;
import io.keyline.server.ServerOptions;
import io.keyline.storage.memory.MemoryStorage;
import io.keyline.time.ManualClock;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code keyline top}: its options, and one refresh against an in-process server with a throttled hot key. */
class TopCommandTest {
    private record Run(int exitCode, String out, String err) {}

    private static Run run(String... args) {
        CommandLine cli = Keyline.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test void helpNamesEveryOptionWithItsDefault() {
        assertThat(run("--help").out()).contains("top");
        assertThat(run("top", "--help").out()).contains("--endpoint").contains("http://localhost:8000")
                .contains("--interval").contains("1s").contains("--once");
    }

    @Test void optionsAreParsedAndBadOnesRefused() {
        TopCommand top = new TopCommand();
        new CommandLine(top).parseArgs();
        assertThat(top.endpoint).isEqualTo(URI.create("http://localhost:8000"));
        assertThat(top.interval).isEqualTo(Duration.ofSeconds(1));
        assertThat(top.once).isFalse();
        new CommandLine(top).parseArgs("--endpoint", "http://10.0.0.7:9000", "--interval", "250ms", "--once");
        assertThat(top.endpoint).isEqualTo(URI.create("http://10.0.0.7:9000"));
        assertThat(top.interval).isEqualTo(Duration.ofMillis(250));
        assertThat(top.once).isTrue();

        assertThat(run("top", "--interval", "soon").err()).contains("not a duration");
        Run zero = run("top", "--once", "--interval", "0");
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err()).contains("--interval must be more than 0");
        Run ftp = run("top", "--once", "--endpoint", "ftp://localhost:8000");
        assertThat(ftp.exitCode()).isEqualTo(2);
        assertThat(ftp.err()).contains("--endpoint must be an http:// or https:// URL");
    }

    @Test void aServerThatIsNotThereIsReportedWithExitCodeOne() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Run r = run("top", "--once", "--endpoint", "http://127.0.0.1:" + port);
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("keyline top: cannot read http://127.0.0.1:" + port + "/admin/top");
    }

    @Test void aThrottledHotKeyShowsItsPartitionAndReason() throws Exception {
        ManualClock clock = new ManualClock();
        try (Engine engine = new Engine(new MemoryStorage(), clock, Settings.defaults())) {
            Metrics metrics = EngineMetrics.attach(engine, clock, MetricsSettings.defaults());
            try (KeylineServer server = new KeylineServer(new Operations(engine), ServerOptions.defaults(), clock,
                    AdminRoutes.of(engine, metrics), metrics)) {
                URI endpoint = URI.create("http://127.0.0.1:" + server.start("127.0.0.1", 0));
                HttpClient http = HttpClient.newHttpClient();
                assertThat(call(http, endpoint, "CreateTable", "{'TableName':'Hot','BillingMode':'PAY_PER_REQUEST',"
                        + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],"
                        + "'AttributeDefinitions':[{'AttributeName':'p','AttributeType':'S'}]}")).isEqualTo(200);
                // 100 KB items to one key, on a clock that stands still: the key's partition gives way within the second
                String blob = Base64.getEncoder().encodeToString(new byte[100 * 1024 - 10]);
                int status = 200;
                for (int i = 0; i < 500 && status == 200; i++) {
                    status = call(http, endpoint, "PutItem", "{'TableName':'Hot','Item':{'p':{'S':'hot-key'},'b':{'B':'" + blob + "'}}}");
                }
                assertThat(status).as("the hot key throttled").isEqualTo(400);
                metrics.sample();
                clock.advance(Duration.ofSeconds(1));
                long hotToken = engine.capacity().snapshot().tables().get(0).table().partitions().stream()
                        .filter(p -> p.consumedWrite() > 0).findFirst().orElseThrow().startToken();

                Run r = run("top", "--once", "--endpoint", endpoint.toString());
                assertThat(r.exitCode()).as(r.err()).isZero();
                String hotPartition = String.format("%016x", hotToken).substring(0, 8);
                assertThat(r.out()).contains("keyline top · " + endpoint)
                        .containsPattern("(?m)^! +Hot +ON-DEMAND +4 .*WriteKeyRange 1 +WriteKeyRange 1 +\\d/4 " + hotPartition + "\\.\\.")
                        .contains("HOTTEST KEY -: enable Contributor Insights")
                        .doesNotContain("\033");
            }
        }
    }

    /** A DynamoDB request with the headers the server's SigV4 parser reads; the HTTP status. */
    private static int call(HttpClient http, URI endpoint, String operation, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .header("X-Amz-Target", "DynamoDB_20120810." + operation)
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Date", "20261130T000000Z")
                .header("Authorization", "AWS4-HMAC-SHA256 Credential=top/20261130/us-east-1/dynamodb/aws4_request, "
                        + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0")
                .POST(HttpRequest.BodyPublishers.ofString(json.replace('\'', '"'))).build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
