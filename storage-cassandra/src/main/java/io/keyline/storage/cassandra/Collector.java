package io.keyline.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.concurrent.Semaphore;

/**
 * Deletes the row versions a newer batch superseded, once no reader needs them: a version
 * {@code v} of a key supersedes the older ones as soon as every open reader of this process sees
 * {@code v} (its horizon, {@link Versions#horizon}, is at or above {@code v}), and after
 * {@code delay} more, a grace for readers on other Keyline nodes, which this process cannot see
 * (docs/CLUSTER.md). A deletion at {@code v} removes its own row too. Garbage left behind (a
 * full queue, a failed delete, a crash) is harmless: reads skip superseded versions, they only
 * cost space and read time.
 *
 * <p>Threading: thread-safe; the queue is guarded by this object's monitor; deletes run
 * asynchronously, at most {@value #IN_FLIGHT} at a time.
 */
final class Collector {
    private static final int MAX_QUEUED = 1_000_000;
    private static final int IN_FLIGHT = 32;

    /** One key's versions below (or through, for a deletion) {@code version}, superseded at {@code at} (epoch ms). */
    private record Garbage(Placement.Place place, long version, boolean deletion, long at) {}

    private final CqlSession session;
    private final Schema schema;
    private final ConsistencyLevel consistency;
    private final Versions versions;
    private final InstantSource clock;
    private final long delayMillis;
    private final ArrayDeque<Garbage> queue = new ArrayDeque<>();
    private final Semaphore inFlight = new Semaphore(IN_FLIGHT);

    Collector(CqlSession session, Schema schema, ConsistencyLevel consistency, Versions versions, InstantSource clock, Duration delay) {
        this.session = session;
        this.schema = schema;
        this.consistency = consistency;
        this.versions = versions;
        this.clock = clock;
        this.delayMillis = delay.toMillis();
    }

    /** A batch of {@code version} wrote the key at {@code place}; a deletion if {@code deletion}. */
    synchronized void superseded(Placement.Place place, long version, boolean deletion) {
        if (queue.size() < MAX_QUEUED) queue.add(new Garbage(place, version, deletion, clock.millis()));
    }

    /** Starts the deletes that are due; called after each write and each reader closing. */
    void collect() {
        long oldest = versions.horizon();
        long due = clock.millis() - delayMillis;
        while (true) {
            Garbage g;
            synchronized (this) {
                g = queue.peek();
                if (g == null || g.version > oldest || g.at > due || !inFlight.tryAcquire()) return;
                queue.poll();
            }
            try {
                session.executeAsync((g.deletion ? schema.deleteThrough(g.place.table()) : schema.deleteBelow(g.place.table()))
                                .bind(g.place.partition(), g.place.tail(), g.version).setConsistencyLevel(consistency))
                        .whenComplete((r, e) -> inFlight.release());
            } catch (RuntimeException e) {
                inFlight.release(); // the session is closing: the garbage stays, harmlessly
                return;
            }
        }
    }
}
