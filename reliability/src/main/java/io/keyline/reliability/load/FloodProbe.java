package io.keyline.reliability.load;

import io.keyline.reliability.SdkClients;
import io.keyline.reliability.process.KeylineProcess;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Three floods against a fresh in-memory server, each measured by the server's peak RSS and by
 * a well-behaved prober's GetItem latency meanwhile:
 * <ol>
 * <li>large bodies: {@code largeBodies} connections at once, each sending a PutItem of nearly
 * 16 MB (DynamoDB's request limit, docs/RULES.md#LIMIT-REQUEST) as fast as loopback takes it; what each was answered;</li>
 * <li>slow connections: {@code slowConnections} requests whose headers arrive and whose body
 * then trickles one byte a second; how many the server closed by the phase's end;</li>
 * <li>idle connections: {@code idleConnections} connections that send nothing.</li>
 * </ol>
 * The server gets short timeouts (docs/RULES.md#SERVER-CONNECTION-LIMITS) ({@code --request-read-timeout}, {@code --idle-timeout}: see
 * {@link Settings}) so a phase sees them act. Runs on the caller's thread plus one per large body.
 */
public final class FloodProbe {
    private static final String TABLE = "probe";
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    public record Settings(int largeBodies, int bodyBytes, int slowConnections, int idleConnections, Duration phase,
                           Duration requestReadTimeout, Duration idleTimeout) {
        public static Settings defaults() {
            return new Settings(300, 16_000_000, 2000, 2000, Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(20));
        }
    }

    /** One phase's figures. {@code outcomes}: HTTP status (or "closed", "reset", "open") to how many connections. */
    public record Phase(String name, int connections, long baselineRss, long peakRss, Histogram probe, long probeErrors,
                        Map<String, Integer> outcomes, Duration elapsed) {
        public String render() {
            return String.format("%-16s %5d conns  RSS %,6d MB -> peak %,6d MB  probe p50 %,8.1f ms  p99 %,8.1f ms  max %,8.1f ms  "
                            + "errors %d  %s  outcomes %s",
                    name, connections, baselineRss >> 20, peakRss >> 20, millis(probe, 50), millis(probe, 99),
                    probe.getTotalCount() == 0 ? 0.0 : probe.getMaxValue() / 1000.0, probeErrors, elapsed.toSeconds() + " s", outcomes);
        }

        private static double millis(Histogram h, double percentile) {
            return h.getTotalCount() == 0 ? 0.0 : h.getValueAtPercentile(percentile) / 1000.0;
        }
    }

    private final Launcher launcher;
    private final Path workDir;
    private final Clock clock;
    private final PrintStream out;

    public FloodProbe(Launcher launcher, Path workDir, Clock clock, PrintStream out) {
        this.launcher = launcher;
        this.workDir = workDir;
        this.clock = clock;
        this.out = out;
    }

    public List<Phase> run(Settings settings) throws IOException, InterruptedException {
        List<String> serve = List.of("--in-memory", "--capacity", "account",
                "--request-read-timeout", settings.requestReadTimeout().toMillis() + "ms",
                "--idle-timeout", settings.idleTimeout().toMillis() + "ms");
        List<Phase> phases = new ArrayList<>();
        try (KeylineProcess server = KeylineProcess.started(launcher, serve, workDir.resolve("keyline-flood.log"), clock)) {
            Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS("probe"));
            try (DynamoDbClient admin = SdkClients.withRetries(server.endpoint())) {
                admin.createTable(b -> b.tableName(TABLE).billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH")));
                admin.putItem(b -> b.tableName(TABLE).item(Map.of("pk", AttributeValue.fromS("probe"), "v", AttributeValue.fromS("x"))));
            }
            phases.add(measure(server, "baseline", 0, key, () -> {
                Thread.sleep(settings.phase().toMillis() / 3);
                return Map.of();
            }));
            phases.add(measure(server, "large bodies", settings.largeBodies(), key, () -> largeBodies(server, settings)));
            phases.add(measure(server, "slow bodies", settings.slowConnections(), key, () -> slow(server, settings, true)));
            phases.add(measure(server, "idle conns", settings.idleConnections(), key, () -> slow(server, settings, false)));
            for (Phase p : phases) out.println(p.render());
        }
        return phases;
    }

    private interface Flood {
        Map<String, Integer> run() throws IOException, InterruptedException;
    }

    private Phase measure(KeylineProcess server, String name, int connections, Map<String, AttributeValue> key, Flood flood)
            throws IOException, InterruptedException {
        long baseline = server.residentBytes();
        long began = clock.nanos();
        MemorySampler memory = new MemorySampler(server.pid());
        LatencyProbe probe = new LatencyProbe(server.endpoint(), TABLE, key, clock);
        Map<String, Integer> outcomes = flood.run();
        Histogram latency = probe.stop();
        long peak = memory.stop();
        return new Phase(name, connections, baseline, peak, latency, probe.errors(), outcomes, Duration.ofNanos(clock.nanos() - began));
    }

    /** Every connection sends its whole body at once; returns what each was answered. */
    private Map<String, Integer> largeBodies(KeylineProcess server, Settings settings) throws InterruptedException {
        byte[] prefix = ("{\"TableName\":\"" + TABLE + "\",\"Item\":{\"pk\":{\"S\":\"flood\"},\"v\":{\"S\":\"").getBytes(StandardCharsets.US_ASCII);
        byte[] suffix = "\"}}}".getBytes(StandardCharsets.US_ASCII);
        byte[] filler = new byte[64 * 1024];
        Arrays.fill(filler, (byte) 'x');
        Map<String, Integer> outcomes = new TreeMap<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < settings.largeBodies(); i++) {
            Thread t = new Thread(() -> {
                String outcome;
                try (Socket s = connect(server, settings.phase())) {
                    OutputStream o = s.getOutputStream();
                    o.write(head(server, "PutItem", settings.bodyBytes()));
                    o.write(prefix);
                    long left = settings.bodyBytes() - prefix.length - suffix.length;
                    try {
                        while (left > 0) {
                            int n = (int) Math.min(filler.length, left);
                            o.write(filler, 0, n);
                            left -= n;
                        }
                        o.write(suffix);
                        o.flush();
                    } catch (IOException refusedMidway) {
                        // The server may answer and close before the body is all sent: read its answer below.
                    }
                    outcome = status(s.getInputStream());
                } catch (IOException e) {
                    outcome = "reset";
                }
                synchronized (outcomes) {
                    outcomes.merge(outcome, 1, Integer::sum);
                }
            }, "large-body");
            threads.add(t);
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) t.join();
        return outcomes;
    }

    /**
     * Opens the connections; slow ones send their headers and the body's first bytes, then one
     * byte a second; idle ones send nothing. After the phase, each connection is "closed" by the
     * server, answered with a status, or still "open".
     */
    private Map<String, Integer> slow(KeylineProcess server, Settings settings, boolean trickle) throws IOException, InterruptedException {
        List<Socket> sockets = new ArrayList<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        try {
            for (int i = 0; i < (trickle ? settings.slowConnections() : settings.idleConnections()); i++) {
                Socket s = connect(server, Duration.ofMillis(50));
                sockets.add(s);
                if (trickle) {
                    s.getOutputStream().write(head(server, "PutItem", 1000));
                    s.getOutputStream().write("{\"TableName\"".getBytes(StandardCharsets.US_ASCII));
                }
            }
            boolean[] broken = new boolean[sockets.size()];
            long end = clock.nanos() + settings.phase().toNanos();
            while (clock.nanos() < end) {
                Thread.sleep(1000);
                if (!trickle) continue;
                for (int i = 0; i < sockets.size(); i++) {
                    if (broken[i]) continue;
                    try {
                        sockets.get(i).getOutputStream().write(' ');
                    } catch (IOException e) {
                        broken[i] = true;
                    }
                }
            }
            for (int i = 0; i < sockets.size(); i++) {
                String outcome = broken[i] ? "closed" : status(sockets.get(i).getInputStream());
                outcomes.merge(outcome, 1, Integer::sum);
            }
        } finally {
            for (Socket s : sockets) s.close();
        }
        return outcomes;
    }

    /** The status code of the reply waiting on the connection, "closed" at end of stream, "open" if nothing came. */
    private static String status(InputStream in) {
        try {
            byte[] head = in.readNBytes(12);
            if (head.length == 0) return "closed";
            String line = new String(head, StandardCharsets.US_ASCII);
            return line.startsWith("HTTP/1.1 ") ? line.substring(9, 12) : "garbage";
        } catch (SocketTimeoutException e) {
            return "open";
        } catch (IOException e) {
            return "reset";
        }
    }

    private static Socket connect(KeylineProcess server, Duration readTimeout) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
        s.setSoTimeout((int) Math.max(1, readTimeout.toMillis()));
        return s;
    }

    private byte[] head(KeylineProcess server, String operation, long contentLength) {
        String amzDate = ZonedDateTime.ofInstant(clock.now(), ZoneOffset.UTC).format(AMZ_DATE);
        return ("POST / HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810." + operation + "\r\n"
                + "X-Amz-Date: " + amzDate + "\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=reliability/" + amzDate.substring(0, 8)
                + "/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature="
                + "0".repeat(64) + "\r\n"
                + "Content-Length: " + contentLength + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }
}
