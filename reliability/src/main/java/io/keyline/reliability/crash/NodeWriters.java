package io.keyline.reliability.crash;

import io.keyline.reliability.SdkClients;
import io.keyline.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The writers that send their requests through one Keyline node of the failure run, behind their
 * own {@link Gate}: when that node is killed they park, and the harness opens their gate again
 * on another node's endpoint (as an SDK given two endpoints moves on), where each writer retries
 * its unanswered transaction with its token. Writers of different groups have different ids, so
 * every item still has one writer.
 *
 * <p>Threading: one thread per writer; the methods are the harness thread's.
 */
final class NodeWriters {
    private final Gate gate;
    private final List<Writer> writers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final int firstId;
    /** The node the writers send to now (1 or 2): where the harness last opened their gate. */
    private int node;

    /** Writers {@code firstId .. firstId+count-1}, seeded from their id as the one-node run's were. */
    NodeWriters(int firstId, int count, Clock clock) {
        this.gate = new Gate(clock);
        this.firstId = firstId;
        for (int w = firstId; w < firstId + count; w++) writers.add(new Writer(w, gate, 18_000_003L * (w + 1)));
    }

    void start() {
        for (Writer writer : writers) {
            Thread t = new Thread(writer, "failure-writer-" + (firstId + threads.size()));
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** Lets the writers go on, sending through {@code endpoint} (node {@code node}) from now on. */
    void open(int node, URI endpoint) {
        this.node = node;
        DynamoDbClient previous = gate.open(SdkClients.noRetries(endpoint));
        if (previous != null) previous.close();
    }

    int node() { return node; }

    /** Closes the gate and waits until every writer is parked at it (their ledgers are then readable). */
    void park() throws InterruptedException {
        gate.close();
        if (!gate.awaitParked(writers.size(), Duration.ofMinutes(2))) throw new IllegalStateException("writers did not park");
    }

    /** Ends the writers' threads (they are parked or running; either way they stop at the gate). */
    void stop() throws InterruptedException {
        gate.stop();
        DynamoDbClient last = gate.open(null);
        if (last != null) last.close();
        for (Thread t : threads) t.join(30_000);
    }

    List<Ledger> ledgers() { return writers.stream().map(w -> w.ledger).toList(); }

    int size() { return writers.size(); }

    /** Acknowledged writes and transactions so far (read racily while the writers run: a progress figure). */
    long acknowledged() {
        return ledgers().stream().mapToLong(l -> l.acknowledgedWrites + l.transactionsAcknowledged).sum();
    }

    /** Server errors (5xx) so far, read like {@link #acknowledged}. */
    long serverErrors() {
        return ledgers().stream().mapToLong(l -> l.serverErrors).sum();
    }
}
