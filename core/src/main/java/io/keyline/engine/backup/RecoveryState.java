package io.keyline.engine.backup;

/**
 * Point-in-time recovery of one table (by its keyspace id): the keyspaces of its change log and
 * of its base (the table's items as of the oldest change still to be folded in), the recovery
 * period, and the earliest restorable instant (when recovery was turned on). {@code complete} is
 * false only while the base is first copied; a record found so at start-up is removed with its
 * keyspaces.
 *
 * <p>Threading: the change-log writer reads it on the item's writing thread; {@link #stamp}
 * hands out log positions under this object's monitor, and folding, restoring's snapshot and
 * changes of the period take the same monitor, so a restore never sees a fold half done.
 */
final class RecoveryState {
    final long tableKeyspace;
    final long logKeyspace;
    final long baseKeyspace;
    volatile int periodDays;
    volatile long earliestMillis;
    volatile boolean complete;
    /** The last log position handed out: commit millis never decrease, sequences always increase. */
    private long lastMillis;
    private long lastSequence;
    /** When the next fold is due, on the engine's clock. */
    volatile long nextFoldMillis;

    RecoveryState(long tableKeyspace, long logKeyspace, long baseKeyspace, int periodDays, long earliestMillis, boolean complete) {
        this.tableKeyspace = tableKeyspace;
        this.logKeyspace = logKeyspace;
        this.baseKeyspace = baseKeyspace;
        this.periodDays = periodDays;
        this.earliestMillis = earliestMillis;
        this.complete = complete;
    }

    /** Continues after the last position found in the log (start-up). */
    synchronized void resume(long millis, long sequence) {
        lastMillis = Math.max(lastMillis, millis);
        lastSequence = Math.max(lastSequence, sequence);
    }

    /** The next log position at clock time {@code now}: {millis, sequence}. */
    synchronized long[] stamp(long now) {
        lastMillis = Math.max(lastMillis, now);
        return new long[] {lastMillis, ++lastSequence};
    }

    long periodMillis() { return periodDays * 86_400_000L; }

    /** EarliestRestorableDateTime at {@code now}: when recovery began, or the start of the period. */
    long earliestAt(long now) { return Math.max(earliestMillis, now - periodMillis()); }
}
