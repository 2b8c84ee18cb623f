package io.keyline.engine.cluster;

import io.keyline.storage.Coordination;
import io.keyline.storage.Coordination.Lease;
import io.keyline.storage.StorageException;
import java.time.Duration;

/**
 * This process's own GSI change log (docs/CLUSTER.md, "GSI change records"): an id from the
 * shared counter, so no two processes write one log, and the lease under which this process
 * applies it. The lease lasts {@link #TERM} and is renewed every {@link #RENEW_EVERY}; a process
 * that could not renew in time (paused, cut off) finds another holding it, stops applying
 * ({@link #held} false: its propagator checks before every batch) and keeps writing records,
 * which the holder applies; it takes its lease back once the holder has drained the log and
 * let it go.
 *
 * <p>Threading: {@link #held} is read by the propagator thread; the rest runs on the duties thread.
 */
public final class GsiLogLease {
    /** The kind of lease rows of GSI change logs. */
    public static final String KIND = "gsi-log";
    /** How long a lease lasts unless renewed: a dead process's records wait about this long. */
    public static final Duration TERM = Duration.ofSeconds(10);
    /** How often a holder renews: five chances before the term ends. */
    public static final Duration RENEW_EVERY = Duration.ofSeconds(2);
    /** A holder stops applying this long before its lease ends, so a late batch never meets a new holder's. */
    static final long SAFETY_MILLIS = 3_000;

    private final Coordination coordination;
    private final long id;
    private volatile Lease lease;

    private GsiLogLease(Coordination coordination, long id, Lease lease) {
        this.coordination = coordination;
        this.id = id;
        this.lease = lease;
    }

    /** A fresh log for this process, and its lease. */
    public static GsiLogLease open(Coordination coordination) {
        long id = coordination.takeId(KIND, 0);
        Lease lease = coordination.take(KIND, id, null, TERM);
        if (lease == null) throw new StorageException("GSI change log " + id + " was taken by another process as it was created");
        return new GsiLogLease(coordination, id, lease);
    }

    public long id() { return id; }

    /** Whether this process may apply its log now: it holds the lease, with a safety margin left. */
    public boolean held() {
        Lease l = lease;
        return l != null && coordination.nowMillis() < l.expiresMillis() - SAFETY_MILLIS;
    }

    /** Lets the lease go (a clean shutdown): another node applies what is left at once. */
    void release() {
        Lease l = lease;
        lease = null;
        if (l != null) coordination.release(l);
    }

    /** Renews the lease, or takes it back if its row is gone or expired; true if held afterwards. */
    boolean renew() {
        Lease l = lease;
        if (l != null) {
            l = coordination.renew(l, TERM);
            lease = l;
            if (l != null) return true;
        }
        Lease row = null;
        for (Lease r : coordination.leases(KIND)) if (r.id() == id) row = r;
        if (row != null && !row.expiredAt(coordination.nowMillis())) return false; // another process applies it now
        lease = coordination.take(KIND, id, row, TERM);
        return lease != null;
    }
}
