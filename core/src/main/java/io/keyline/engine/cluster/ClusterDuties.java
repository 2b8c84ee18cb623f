package io.keyline.engine.cluster;

import io.keyline.engine.catalog.Catalog;
import io.keyline.engine.index.GsiPropagator;
import io.keyline.engine.index.Indexes;
import io.keyline.storage.Coordination;
import io.keyline.storage.Coordination.Lease;
import io.keyline.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a process sharing its storage with others does beside its requests, on three daemon
 * threads (docs/CLUSTER.md, "Several Keyline nodes"):
 * <ul>
 *   <li>every {@link #CATALOG_POLL_MILLIS}: re-reads the catalog if another process changed it
 *       ({@link Catalog#refresh}: one read of the version cell when nothing changed);</li>
 *   <li>on a thread of its own, every {@link GsiLogLease#RENEW_EVERY}: renews the lease on its own
 *       GSI change log (and wakes its propagator when it took the lease back);</li>
 *   <li>on the second thread, every {@link #ORPHAN_SCAN_MILLIS}: looks for GSI change logs of other processes that hold
 *       records and whose lease has run out (the process died, or paused past its lease), takes
 *       each such lease by compare-and-set, so that exactly one process applies a log, applies
 *       the log while the lease holds (renewing it), and lets the lease go once the log is empty;</li>
 *   <li>with the renewal, a round of {@link Ownership}: the token ranges this node decides. A dead
 *       node's ranges are taken only once its log is applied (or 30 s after its lease ran out), so
 *       that its items' records are applied before a new owner writes theirs.</li>
 * </ul>
 * Applying an adopted log takes as long as its records do (seconds on a loaded machine), so it
 * has its own thread: the renewals and the ownership rounds never wait for it, and a node that
 * adopts a log does not let its own leases lapse meanwhile. The renewals and rounds have a thread
 * of their own too, apart from the catalog's refresh: a refresh waits for the catalog lock, which
 * a catalog change holds while its batch is written, and on Cassandra a DeleteTable's batch drops
 * a Cassandra table per keyspace, a second or more each on a loaded machine. Behind it the terms
 * ran out and a node alone in its cluster answered 503 to every item request
 * (RenewalBesideCatalogChangeTest).
 * Closing lets this node's leases go, so that a node shut down cleanly hands its ranges and its
 * log on at the others' next round; a node that dies hands them on when its leases run out.
 * Applying a record twice (an old holder's last batch racing a new holder's first) changes
 * nothing: a record's mutations are whole-entry puts and deletes of the values it carries, and
 * the holder stops {@link GsiLogLease#SAFETY_MILLIS} before its lease ends. Failures of the
 * shared storage are logged and retried at the next round.
 *
 * <p>Time: the engine's injected clock, for the rounds' schedule and their waits, so a test with a
 * manual clock runs a round when it moves time.
 *
 * <p>Threading: its own three threads; {@link #close} stops them and waits for them.
 */
public final class ClusterDuties implements AutoCloseable {
    static final long CATALOG_POLL_MILLIS = 1_000;
    static final long ORPHAN_SCAN_MILLIS = 2_000;
    private static final System.Logger LOG = System.getLogger(ClusterDuties.class.getName());

    private final Coordination coordination;
    private final Catalog catalog;
    private final Indexes indexes;
    private final GsiLogLease own;
    private final Ownership ownership;
    private final Clock clock;
    private final Thread thread;
    private final Thread renewer;
    private final Thread adopter;
    private volatile boolean running = true;
    /** What runs after each ownership round (the end of loans whose coordinator is gone). */
    private volatile Runnable afterRound = () -> {};
    /** The number of ranges this node owned when it last logged it (renewal thread only). */
    private int rangesLogged;

    public ClusterDuties(Coordination coordination, Catalog catalog, Indexes indexes, GsiLogLease own, Clock clock) {
        this.coordination = coordination;
        this.catalog = catalog;
        this.indexes = indexes;
        this.own = own;
        this.clock = clock;
        this.ownership = new Ownership(coordination, own.id(), clock);
        ownership.waitForLogs(indexes::sharedLogsWithRecords);
        this.thread = new Thread(this::run, "keyline-cluster-duties");
        thread.setDaemon(true);
        this.renewer = new Thread(this::renewLoop, "keyline-cluster-leases");
        renewer.setDaemon(true);
        this.adopter = new Thread(this::adoptLoop, "keyline-gsi-log-adopter");
        adopter.setDaemon(true);
    }

    public void start() {
        thread.start();
        renewer.start();
        adopter.start();
    }

    /** Runs {@code work} on the duties thread after each ownership round; before {@link #start}. */
    public void afterEachRound(Runnable work) { this.afterRound = work; }

    /** The token ranges this node decides, and the check of every item request against them. */
    public Ownership ownership() { return ownership; }

    private void run() {
        while (running) {
            long now = clock.nanos();
            try {
                catalog.refresh();
            } catch (RuntimeException e) {
                if (!running) return;
                LOG.log(System.Logger.Level.WARNING, "cluster duties: {0}; trying again", e.getMessage());
            }
            try {
                // from the turn's start: a test that moved the clock during the turn gets the round it made due
                clock.sleepUntil(now + Duration.ofMillis(CATALOG_POLL_MILLIS).toNanos());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The node's leases and ranges: nothing here waits for the catalog (the class note says why). */
    private void renewLoop() {
        while (running) {
            long turn = clock.nanos();
            try {
                boolean wasHeld = own.held();
                if (own.renew() && !wasHeld) indexes.propagator().wake();
                ownership.round();
                logRangeChange();
                afterRound.run();
            } catch (RuntimeException e) {
                if (!running) return;
                LOG.log(System.Logger.Level.WARNING, "cluster duties, renewing the leases: {0}; trying again", e.getMessage());
            }
            try {
                // from the turn's start, as the catalog's loop: a test that moved the clock during the turn gets the round it made due
                clock.sleepUntil(turn + GsiLogLease.RENEW_EVERY.toNanos());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void adoptLoop() {
        while (running) {
            long turn = clock.nanos();
            try {
                adoptOrphans();
            } catch (RuntimeException e) {
                if (!running) return;
                LOG.log(System.Logger.Level.WARNING, "cluster duties, adopting GSI change logs: {0}; trying again", e.getMessage());
            }
            try {
                clock.sleepUntil(turn + Duration.ofMillis(ORPHAN_SCAN_MILLIS).toNanos());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Applies the logs of other processes whose lease has run out; one pass. Package-private for tests. */
    void adoptOrphans() {
        List<Long> withRecords = indexes.sharedLogsWithRecords();
        if (withRecords.isEmpty()) return;
        Map<Long, Lease> leases = new HashMap<>();
        for (Lease l : coordination.leases(GsiLogLease.KIND)) leases.put(l.id(), l);
        for (long id : withRecords) {
            if (!running) return;
            if (id == own.id()) continue;
            Lease seen = leases.get(id);
            if (seen != null && !seen.expiredAt(coordination.nowMillis()) && !seen.owner().equals(coordination.self())) continue;
            Lease taken = seen != null && seen.owner().equals(coordination.self()) ? seen
                    : coordination.take(GsiLogLease.KIND, id, seen, GsiLogLease.TERM);
            if (taken == null) continue; // another process took it first
            if (taken != seen) LOG.log(System.Logger.Level.INFO, "took the lease of GSI change log {0} ({1}): applying its records",
                    String.valueOf(id), seen == null ? "no holder" : "held by " + seen.owner() + ", ran out "
                            + (coordination.nowMillis() - seen.expiresMillis()) + " ms ago");
            drain(id, taken);
        }
    }

    /**
     * Logs the number of token ranges this node decides when it changed (a node joined, left or
     * died): with the lease line of {@link #adoptOrphans}, what tells from a node's log when it
     * took over a dead node's work (docs/CLUSTER.md, "Failure run", reads both).
     */
    private void logRangeChange() {
        int owned = ownership.ownRanges().size();
        if (owned == rangesLogged) return;
        LOG.log(System.Logger.Level.INFO, "owns {0} of {1} token ranges (was {2})", String.valueOf(owned),
                String.valueOf(Ownership.RANGES), String.valueOf(rangesLogged));
        rangesLogged = owned;
    }

    /** Applies log {@code id} under {@code lease}, renewing it, and lets it go once the log is empty. */
    private void drain(long id, Lease lease) {
        Lease[] held = {lease};
        GsiPropagator propagator = indexes.adopt(id, () -> coordination.nowMillis() < held[0].expiresMillis() - GsiLogLease.SAFETY_MILLIS);
        int applied = 0;
        while (running) {
            applied += propagator.applyDue();
            if (propagator.idle()) {
                indexes.drained(id);
                coordination.release(held[0]);
                if (applied > 0) LOG.log(System.Logger.Level.INFO, "applied {0} GSI change records of log {1}, left by another Keyline node", applied, id);
                return;
            }
            held[0] = coordination.renew(held[0], GsiLogLease.TERM);
            if (held[0] == null) return; // lost it (this process paused): the new holder goes on
        }
    }

    /** Stops the threads, then lets this node's ranges and its log go, so the others take them at once, not after a lease's term. */
    @Override public void close() {
        running = false;
        thread.interrupt();
        renewer.interrupt();
        adopter.interrupt();
        try {
            thread.join(5_000);
            renewer.join(5_000);
            adopter.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            ownership.releaseAll();
            own.release();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "leases not released at close ({0}): they run out instead", e.getMessage());
        }
    }
}
