package io.keyline.engine.index;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.Storage;
import io.keyline.storage.WriteBatch;
import io.keyline.time.Clock;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Applies the {@link GsiChangeLog} to the GSI keyspaces in the background, in sequence order.
 * Each storage batch applies some records and deletes them, atomically, so a crash between
 * batches loses nothing and applies nothing twice; after a restart the propagator simply starts
 * again from the first record left. Mutations are whole-entry puts and deletes, so re-applying
 * one would be harmless anyway. A record is due once {@code lag} has passed since its commit on
 * the injected clock; application stops at the first record not yet due, which keeps the
 * records of each item in order. Index statistics (ItemCount, IndexSizeBytes) change here,
 * from the entries actually replaced, so they stay exact whatever the order of backfill and
 * live records. Mutations for a keyspace that no longer exists (a dropped index or table) are
 * discarded; the check and the write happen under the catalog lock.
 *
 * <p>Threading: one daemon thread; {@link #applyDue} is synchronized so tests may drive it too.
 */
public final class GsiPropagator implements AutoCloseable {
    /** Records applied per storage batch: bounds a batch's size while amortizing its cost. */
    static final int RECORDS_PER_BATCH = 256;
    /** How often an idle propagator looks again when records wait for their lag (real time). */
    private static final long POLL_MILLIS = 5;

    private final Storage storage;
    private final Catalog catalog;
    private final Clock clock;
    private final long lagMillis;
    private final Object signal = new Object();
    private final Object applied = new Object();
    private final Thread thread;
    private volatile boolean running = true;
    private boolean wakeups;

    public GsiPropagator(Storage storage, Catalog catalog, Clock clock, Duration lag) {
        this.storage = storage;
        this.catalog = catalog;
        this.clock = clock;
        this.lagMillis = lag.toMillis();
        this.thread = new Thread(this::run, "keyline-gsi-propagator");
        thread.setDaemon(true);
    }

    public void start() { thread.start(); }

    /** Tells the propagator that records were added. */
    public void wake() {
        synchronized (signal) {
            wakeups = true;
            signal.notifyAll();
        }
    }

    /** Applies every record due now; returns how many were applied. */
    public synchronized int applyDue() {
        int total = 0;
        while (true) {
            List<GsiChangeLog.Record> due = new ArrayList<>();
            boolean more = false;
            long now = clock.millis();
            try (Cursor c = storage.range(GsiChangeLog.start(), GsiChangeLog.end(), false)) {
                while (c.next()) {
                    GsiChangeLog.Record r = GsiChangeLog.decode(c.key(), c.value());
                    if (r.commitMillis() + lagMillis > now) break;
                    if (due.size() == RECORDS_PER_BATCH) {
                        more = true;
                        break;
                    }
                    due.add(r);
                }
            }
            if (due.isEmpty()) return total;
            apply(due);
            total += due.size();
            if (!more) return total;
        }
    }

    /** True when no record with a sequence below {@code sequence} is left. */
    public boolean appliedBefore(long sequence) {
        try (Cursor c = storage.range(GsiChangeLog.start(), GsiChangeLog.key(sequence), false)) {
            return !c.next();
        }
    }

    /** True when the log is empty. */
    public boolean idle() { return appliedBefore(Long.MAX_VALUE); }

    private void apply(List<GsiChangeLog.Record> records) {
        catalog.withLiveKeyspaces(live -> {
            WriteBatch batch = new WriteBatch();
            Map<ByteBuffer, byte[]> written = new HashMap<>();
            Map<Long, long[]> stats = new HashMap<>();
            for (GsiChangeLog.Record r : records) {
                for (GsiChangeLog.Mutation m : r.mutations()) applyOne(m, live, batch, written, stats);
                batch.delete(r.logKey());
            }
            storage.write(batch);
            stats.forEach((keyspace, d) -> catalog.statistics(keyspace).record(d[0], d[1]));
        });
        synchronized (applied) {
            applied.notifyAll();
        }
    }

    /**
     * Waits until record {@code sequence} has been applied, for at most about {@code maxWaitMillis}
     * of real time. With no lag configured, writers wait here so that a GSI read after the write
     * returns sees it, as DynamoDB's sub-second propagation nearly always allows; the record
     * itself stays durable either way.
     */
    public void awaitApplied(long sequence, long maxWaitMillis) {
        byte[] key = GsiChangeLog.key(sequence);
        for (long waited = 0; waited < maxWaitMillis && running && storage.get(key) != null; waited += POLL_MILLIS) {
            synchronized (applied) {
                try {
                    applied.wait(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** True when changes are due as soon as they are written. */
    public boolean immediate() { return lagMillis == 0; }

    private void applyOne(GsiChangeLog.Mutation m, LongPredicate live, WriteBatch batch,
                          Map<ByteBuffer, byte[]> written, Map<Long, long[]> stats) {
        if (!live.test(m.keyspaceId())) return;
        ByteBuffer k = ByteBuffer.wrap(m.key());
        byte[] old = written.containsKey(k) ? written.get(k) : storage.get(m.key());
        long[] d = stats.computeIfAbsent(m.keyspaceId(), x -> new long[2]);
        if (old != null) {
            d[0]--;
            d[1] -= ItemSize.of(ItemCodec.decode(old));
        }
        if (m.value() != null) {
            d[0]++;
            d[1] += ItemSize.of(ItemCodec.decode(m.value()));
            batch.put(m.key(), m.value());
        } else {
            batch.delete(m.key());
        }
        written.put(k, m.value());
    }

    private void run() {
        while (running) {
            try {
                applyDue();
                synchronized (signal) {
                    if (!wakeups && running) signal.wait(idle() ? 1000 : POLL_MILLIS);
                    wakeups = false;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) { // storage closed under us, or a transient failure: retry until stopped
                if (!running) return;
                sleepQuietly();
            }
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the thread without draining: pending records stay durable for the next start. */
    @Override public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
