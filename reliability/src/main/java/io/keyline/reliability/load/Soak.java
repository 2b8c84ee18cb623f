package io.keyline.reliability.load;

import io.keyline.reliability.SdkClients;
import io.keyline.reliability.process.KeylineProcess;
import io.keyline.reliability.process.Launcher;
import io.keyline.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Steady load for a long time against a server on RocksDB: {@code clients} threads share a fixed
 * rate of half PutItem (1 KB items over a growing key space) and half strongly consistent
 * GetItem, each thread pacing its own share. Every window the server's RSS and the window's
 * latency percentiles and errors are printed; the report compares the first window with the
 * last. Runs on the caller's thread plus the clients'.
 */
public final class Soak {
    private static final String TABLE = "soak";

    public record Settings(Duration duration, int ratePerSecond, int clients, Duration window, long seed) {}

    public record Window(int index, long rss, long operations, long errors, double p50Millis, double p99Millis, double maxMillis) {
        String render() {
            return String.format("window %3d: RSS %,5d MB  %,7d ops  %d errors  p50 %6.2f ms  p99 %7.2f ms  max %8.2f ms",
                    index, rss >> 20, operations, errors, p50Millis, p99Millis, maxMillis);
        }
    }

    private final Launcher launcher;
    private final Path workDir;
    private final Clock clock;
    private final PrintStream out;

    public Soak(Launcher launcher, Path workDir, Clock clock, PrintStream out) {
        this.launcher = launcher;
        this.workDir = workDir;
        this.clock = clock;
        this.out = out;
    }

    public List<Window> run(Settings settings) throws IOException, InterruptedException {
        List<String> serve = List.of("--data-dir", workDir.resolve("data-soak").toString(), "--capacity", "account");
        List<Window> windows = new ArrayList<>();
        try (KeylineProcess server = KeylineProcess.started(launcher, serve, workDir.resolve("keyline-soak.log"), clock)) {
            try (DynamoDbClient admin = SdkClients.withRetries(server.endpoint())) {
                admin.createTable(b -> b.tableName(TABLE).billingMode("PAY_PER_REQUEST")
                        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                        .keySchema(k -> k.attributeName("pk").keyType("HASH")));
            }
            Recorder recorder = new Recorder(3);
            AtomicLong errors = new AtomicLong();
            AtomicLong keys = new AtomicLong(1);
            long end = clock.nanos() + settings.duration().toNanos();
            long intervalNanos = 1_000_000_000L * settings.clients() / settings.ratePerSecond();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < settings.clients(); c++) {
                Random random = new Random(settings.seed() + c);
                Thread t = new Thread(() -> load(server, random, recorder, errors, keys, end, intervalNanos), "soak-" + c);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            Histogram interval = null;
            long lastErrors = 0;
            for (int w = 1; clock.nanos() < end; w++) {
                Thread.sleep(Math.min(settings.window().toMillis(), Math.max(1, (end - clock.nanos()) / 1_000_000)));
                interval = recorder.getIntervalHistogram(interval);
                long e = errors.get();
                Window window = new Window(w, server.residentBytes(), interval.getTotalCount(), e - lastErrors,
                        interval.getValueAtPercentile(50) / 1000.0, interval.getValueAtPercentile(99) / 1000.0,
                        interval.getMaxValue() / 1000.0);
                lastErrors = e;
                windows.add(window);
                out.println(window.render());
            }
            for (Thread t : threads) t.join(60_000);
        }
        return windows;
    }

    private void load(KeylineProcess server, Random random, Recorder recorder, AtomicLong errors, AtomicLong keys, long end,
                      long intervalNanos) {
        String payload = "p".repeat(1000);
        try (DynamoDbClient client = SdkClients.noRetries(server.endpoint())) {
            long next = clock.nanos();
            while (next < end) {
                long wait = next - clock.nanos();
                if (wait > 0) {
                    try {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                long t0 = clock.nanos();
                try {
                    if (random.nextBoolean()) {
                        String key = "k" + keys.getAndIncrement();
                        client.putItem(b -> b.tableName(TABLE).item(Map.of("pk", AttributeValue.fromS(key), "p", AttributeValue.fromS(payload))));
                    } else {
                        String key = "k" + (1 + (long) (random.nextDouble() * keys.get()));
                        client.getItem(b -> b.tableName(TABLE).key(Map.of("pk", AttributeValue.fromS(key))).consistentRead(true));
                    }
                    recorder.recordValue(Math.max(1, (clock.nanos() - t0) / 1000));
                } catch (RuntimeException e) {
                    errors.incrementAndGet();
                }
                next += intervalNanos;
            }
        }
    }
}
