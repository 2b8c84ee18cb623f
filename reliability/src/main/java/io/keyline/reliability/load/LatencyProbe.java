package io.keyline.reliability.load;

import io.keyline.reliability.SdkClients;
import io.keyline.time.Clock;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A well-behaved client beside the flood: a strongly consistent GetItem of one small item every
 * few milliseconds on its own connection, its latency recorded (microseconds) until stopped.
 * What it measures is what an ordinary client of the server suffers meanwhile. Runs its own
 * thread; {@link #stop} returns the histogram.
 */
final class LatencyProbe {
    private static final long PAUSE_MILLIS = 20;

    private final Histogram latency = new Histogram(3_600_000_000L, 3);
    private final AtomicLong errors = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    LatencyProbe(URI endpoint, String table, Map<String, AttributeValue> key, Clock clock) {
        thread = new Thread(() -> {
            try (DynamoDbClient client = SdkClients.noRetries(endpoint)) {
                while (running) {
                    long t0 = clock.nanos();
                    try {
                        client.getItem(b -> b.tableName(table).key(key).consistentRead(true));
                        synchronized (latency) {
                            latency.recordValue(Math.max(1, (clock.nanos() - t0) / 1000));
                        }
                    } catch (RuntimeException e) {
                        errors.incrementAndGet();
                    }
                    try {
                        Thread.sleep(PAUSE_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "latency-probe");
        thread.setDaemon(true);
        thread.start();
    }

    long errors() { return errors.get(); }

    Histogram stop() throws InterruptedException {
        running = false;
        thread.join(60_000);
        synchronized (latency) {
            return latency.copy();
        }
    }
}
