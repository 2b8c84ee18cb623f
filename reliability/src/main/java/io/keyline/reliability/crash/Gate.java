package io.keyline.reliability.crash;

import io.keyline.time.Clock;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Where writers wait while the server is down and being checked. The harness opens it (a new
 * epoch, with a fresh client for the restarted server) and closes it after a kill; writers
 * park at the next operation, or at once after a failed one, and the harness waits until all
 * are parked before it checks. Monitor-based: every method synchronizes on the gate, which also
 * hands each writer's ledger over to the checking thread (a happens-before edge at park).
 */
final class Gate {
    private final Clock clock;
    private int epoch;
    private boolean open;
    private boolean stopped;
    private int parked;
    private DynamoDbClient client;

    Gate(Clock clock) { this.clock = clock; }

    /** The harness's clock, for the writers' timing of their transactions. */
    long nanos() { return clock.nanos(); }

    /**
     * Blocks until the gate is open in an epoch after {@code afterEpoch} (-1: any), or stopped.
     * @return the epoch, or -1 once stopped
     */
    synchronized int awaitOpen(int afterEpoch) throws InterruptedException {
        if (open && epoch > afterEpoch && !stopped) return epoch;
        parked++;
        notifyAll();
        try {
            while (!stopped && !(open && epoch > afterEpoch)) wait();
        } finally {
            parked--;
        }
        return stopped ? -1 : epoch;
    }

    synchronized DynamoDbClient client() { return client; }

    synchronized int epoch() { return epoch; }

    synchronized boolean isOpen(int inEpoch) { return open && epoch == inEpoch; }

    /** Opens a new epoch served by {@code next}; returns the client of the epoch before, for closing. */
    synchronized DynamoDbClient open(DynamoDbClient next) {
        DynamoDbClient previous = client;
        client = next;
        epoch++;
        open = true;
        notifyAll();
        return previous;
    }

    synchronized void close() { open = false; }

    /** Waits until {@code writers} writers are parked; false if that took longer than the timeout. */
    synchronized boolean awaitParked(int writers, Duration timeout) throws InterruptedException {
        long deadline = clock.nanos() + timeout.toNanos();
        while (parked < writers) {
            long left = deadline - clock.nanos();
            if (left <= 0) return false;
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    synchronized void stop() {
        stopped = true;
        notifyAll();
    }
}
