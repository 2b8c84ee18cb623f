package io.keyline.engine.stream;

/**
 * One shard of a stream: the records of one partition of the table (from the partition start
 * {@code (startToken, startSort)} to the next open shard's start) written while it was open.
 * Sequences of its records lie in {@code [startSequence, endSequence]}; {@code endSequence} is
 * -1 while the shard is open. Records below {@code trimmedBelow} were trimmed (24 hours,
 * docs/RULES.md#STREAM-RETENTION). Mutable: guarded by the monitor of its {@link StreamState}.
 *
 * <p>With several Keyline nodes ({@link StreamCluster}) a shard is instead one writer node's
 * records of one token range ({@code startToken} is the range's first token), and
 * {@code writer} names that node (-1 for a shard of one process alone). The writer numbers its
 * records densely from {@code startSequence}, with {@code sequencer} (held by the writer only,
 * while the shard is open), so that a reader on another node can tell a record still being
 * written (a gap) from the end.
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
    /** The node that writes this shard's records (several nodes), or -1 (one process). */
    final long writer;
    /** The writer's allocator of this shard's sequences: on the writer only (kept once closed, for records still in flight); else null. */
    Sequencer sequencer;

    ShardState(long number, long parent, long startToken, long startSort, long startSequence, long createdMillis) {
        this(number, parent, startToken, startSort, startSequence, createdMillis, -1);
    }

    ShardState(long number, long parent, long startToken, long startSort, long startSequence, long createdMillis, long writer) {
        this.writer = writer;
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
