package io.keyline.engine.stream;

import io.keyline.storage.WriteBatch;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Hands out stream sequence numbers, one counter for every stream of the engine, so they
 * increase per shard and per item in the order the items' locks were taken
 * (docs/RULES.md#STREAM-ORDER). A sequence is <em>in flight</em> from its allocation until its
 * batch is settled (written or dropped); a reader reads only below {@link #settledBelow}, so it
 * never steps past a record that is still to appear (the same rule as the GSI change log's).
 * Thread-safe: one monitor; the volatile count lets a write with no stream record settle without it.
 */
final class Sequencer {
    private long next;
    private final Map<WriteBatch, Long> batches = new IdentityHashMap<>();
    private final TreeSet<Long> inFlight = new TreeSet<>();
    private volatile int batchCount;

    Sequencer(long next) { this.next = next; }

    /** A new sequence, in flight until {@link #settle}{@code (batch)}. */
    synchronized long allocate(WriteBatch batch) {
        long s = next++;
        if (batches.putIfAbsent(batch, s) == null) {
            inFlight.add(s);
            batchCount = batches.size();
        }
        return s;
    }

    void settle(WriteBatch batch) {
        if (batchCount == 0) return;
        synchronized (this) {
            Long first = batches.remove(batch);
            if (first == null) return;
            inFlight.remove(first);
            batchCount = batches.size();
        }
    }

    /** The sequence the next record will get. */
    synchronized long next() { return next; }

    /** Every record below this has been committed (and is visible) or never will be. */
    synchronized long settledBelow() { return inFlight.isEmpty() ? next : inFlight.first(); }
}
