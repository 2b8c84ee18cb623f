package io.keyline.storage.cassandra;

import java.time.Instant;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which versions a reader sees: the multi-version clock of one storage (one Keyline process).
 *
 * <p>Every batch is written as rows of one version, a number from the wall clock in
 * microseconds (strictly increasing here, so one process's versions never repeat). A reader
 * reads at a {@link ReadPoint} and sees, of each key, the newest row visible at it. Invariants,
 * under this object's monitor:
 * <ul>
 *   <li>a version handed to a writer is greater than every read point handed out before
 *       ({@code lastIssued}), so no batch that starts later is ever visible at a read point;</li>
 *   <li>a read point excludes the batches of this process still being written when it was
 *       taken, for good: so a reader sees each batch whole or not at all, and never waits
 *       (as PostgreSQL's snapshots list the transactions in progress);</li>
 *   <li>a read point is at least the clock's now, so a batch that another process acknowledged
 *       before this read began (with a version from the same clock) is seen.</li>
 * </ul>
 * A batch that failed may have left some rows: its version is remembered as aborted and
 * skipped by every read of this process. Open readers are counted by their horizon (below it
 * they see every version there is) so that superseded rows are collected only below the
 * oldest ({@link #horizon}).
 *
 * <p>Threading: thread-safe; all state is guarded by this object's monitor except the aborted
 * set, which readers consult without it.
 */
final class Versions {
    /** A read point: versions at or below {@code at} that are not {@code excluded} (sorted) are visible. */
    record ReadPoint(long at, long[] excluded) {
        /** Every version at or below the horizon is visible (unless aborted). */
        long horizon() { return excluded.length == 0 ? at : Math.min(at, excluded[0] - 1); }
    }

    private final InstantSource clock;
    private final TreeSet<Long> inFlight = new TreeSet<>();
    private final TreeMap<Long, Integer> readers = new TreeMap<>();
    private final Set<Long> aborted = ConcurrentHashMap.newKeySet();
    private long lastIssued;

    Versions(InstantSource clock) {
        this.clock = clock;
    }

    /** A version for a batch about to be written; {@link #endWrite} must follow. */
    synchronized long beginWrite() {
        long version = Math.max(micros(), lastIssued + 1);
        lastIssued = version;
        inFlight.add(version);
        return version;
    }

    /** The batch of {@code version} is written ({@code ok}) or failed, perhaps half-written. */
    synchronized void endWrite(long version, boolean ok) {
        if (!ok) aborted.add(version);
        inFlight.remove(version);
    }

    /** A read point for a new reader; {@link #closeReader} must follow. */
    synchronized ReadPoint openReader() {
        long at = Math.max(micros(), lastIssued);
        lastIssued = at;
        long[] excluded = inFlight.stream().mapToLong(Long::longValue).toArray(); // all at or below at
        ReadPoint point = new ReadPoint(at, excluded);
        readers.merge(point.horizon(), 1, Integer::sum);
        return point;
    }

    /** One more reader at a read point already handed out (a cursor of a snapshot). */
    synchronized void retainReader(ReadPoint point) {
        readers.merge(point.horizon(), 1, Integer::sum);
    }

    synchronized void closeReader(ReadPoint point) {
        readers.computeIfPresent(point.horizon(), (p, n) -> n == 1 ? null : n - 1);
    }

    /** The horizon of the oldest open reader, or {@link Long#MAX_VALUE} when none is open. */
    synchronized long horizon() { return readers.isEmpty() ? Long.MAX_VALUE : readers.firstKey(); }

    /** Whether a row of {@code version} is seen at {@code point}. */
    boolean visible(long version, ReadPoint point) {
        return version <= point.at() && (point.excluded().length == 0 || Arrays.binarySearch(point.excluded(), version) < 0)
                && !aborted.contains(version);
    }

    private long micros() {
        Instant now = clock.instant();
        return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
    }
}
