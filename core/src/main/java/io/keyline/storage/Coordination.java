package io.keyline.storage;

import java.time.Duration;
import java.util.List;

/**
 * What several Keyline processes that share one storage agree on, by compare-and-set on the
 * storage's side (docs/CLUSTER.md, "Several Keyline nodes"): the catalog's version cell, counters
 * that hand out ids no two processes get, and leases with an owner, an epoch and an expiry.
 * A storage used by one process needs none of it: {@link #SINGLE_PROCESS} is that case, and the
 * engine then takes none of the paths that call the other methods, so one process pays nothing.
 *
 * <p>A lease is held by {@link #self()} until {@code expiresMillis}, on the implementation's
 * injected clock; the nodes' clocks must agree to well within a lease's term. Taking or renewing
 * one is one compare-and-set on what the caller last read ({@code seen}), so of two processes
 * racing for one lease exactly one wins; the winner's epoch is one more than the lease had when
 * it changed owner, and stays the same while it renews.
 *
 * <p>Threading: implementations are thread-safe. Failures surface as {@link StorageException}.
 */
public interface Coordination extends AutoCloseable {
    /** One lease as last read: which process holds it, since which epoch, until when (epoch millis). */
    record Lease(String kind, long id, String owner, long epoch, long expiresMillis) {
        /** Whether the lease has run out at {@code nowMillis}: anyone may take it. */
        public boolean expiredAt(long nowMillis) { return expiresMillis <= nowMillis; }
    }

    /** False for {@link #SINGLE_PROCESS}: then no other method is called. */
    boolean shared();

    /** This process's name as a lease owner: unique among the processes running now. */
    String self();

    /** The catalog's version: it moves once for every change to the catalog by any process. */
    long catalogVersion();

    /** Moves the catalog's version from {@code expected} to {@code expected + 1}; false if it was not {@code expected}. */
    boolean advanceCatalogVersion(long expected);

    /** A value of counter {@code name} that no process was given before, at least {@code atLeast}. */
    long takeId(String name, long atLeast);

    /** Every lease of kind {@code kind}, in id order. */
    List<Lease> leases(String kind);

    /**
     * Takes lease {@code id} of {@code kind} for {@code term} if it is still as {@code seen} (null:
     * if there is no such lease yet); returns the lease now held, or null if another process changed it first.
     */
    Lease take(String kind, long id, Lease seen, Duration term);

    /** Extends a lease this process holds by {@code term} from now; null if it is no longer held as {@code held}. */
    Lease renew(Lease held, Duration term);

    /** Gives up a lease this process holds: its row goes, so the next taker finds none; false if it was no longer held as {@code held}. */
    boolean release(Lease held);

    /** The current time on the clock that lease expiries are read against (epoch millis). */
    long nowMillis();

    /**
     * The cluster's secret (32 bytes, the same for every process): a node signs the requests it
     * forwards with it, so the owner honours only those (docs/RULES.md#CLUSTER-FORWARD-TRUST).
     * Created once, by compare-and-set, by the first process that asks. Never logged. An
     * implementation that cannot keep one refuses, and its processes forward nothing.
     */
    default byte[] clusterSecret() {
        throw new UnsupportedOperationException("this coordination keeps no cluster secret");
    }

    @Override void close();

    /** One process alone on its storage: nothing to agree on. */
    Coordination SINGLE_PROCESS = new Coordination() {
        @Override public boolean shared() { return false; }

        @Override public String self() { return "single"; }

        @Override public long catalogVersion() { return 0; }

        @Override public boolean advanceCatalogVersion(long expected) { return true; }

        @Override public long takeId(String name, long atLeast) { return atLeast; }

        @Override public List<Lease> leases(String kind) { return List.of(); }

        @Override public Lease take(String kind, long id, Lease seen, Duration term) { return null; }

        @Override public Lease renew(Lease held, Duration term) { return null; }

        @Override public boolean release(Lease held) { return false; }

        @Override public long nowMillis() { return 0; }

        @Override public void close() {}
    };
}
