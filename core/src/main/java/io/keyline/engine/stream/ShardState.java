package io.keyline.engine.stream;

/**
 * One shard of a stream: the records of one partition of the table (from the partition start
 * {@code (startToken, startSort)} to the next open shard's start) written while it was open.
 * Sequences of its records lie in {@code [startSequence, endSequence]}; {@code endSequence} is
 * -1 while the shard is open. Records below {@code trimmedBelow} were trimmed (24 hours,
 * docs/RULES.md#STREAM-RETENTION). Mutable: guarded by the monitor of its {@link StreamState}.
 */
final class ShardState {
    final long number;
    /** The number of the shard this one succeeds (split or rollover), or -1. */
    final long parent;
    final long startToken;
    final long startSort;
    final long startSequence;
    final long createdMillis;
    long endSequence = -1;
    long closedMillis = -1;
    long trimmedBelow;

    ShardState(long number, long parent, long startToken, long startSort, long startSequence, long createdMillis) {
        this.number = number;
        this.parent = parent;
        this.startToken = startToken;
        this.startSort = startSort;
        this.startSequence = startSequence;
        this.createdMillis = createdMillis;
        this.trimmedBelow = startSequence;
    }

    boolean open() { return endSequence < 0; }

    void close(long endSequence, long nowMillis) {
        this.endSequence = endSequence;
        this.closedMillis = nowMillis;
    }

    boolean startsAt(long token, long sort) { return startToken == token && startSort == sort; }
}
