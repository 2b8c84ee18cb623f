package io.keyline.storage;

/**
 * The term under which a write was decided, in cluster mode (docs/RULES.md#CLUSTER-FENCE): a
 * Keyline node decides the items of a token range during an unbroken term of its ownership,
 * which ends when its lease lapses or it lets the range go, and the next owner's term starts only
 * after this one has ended. A {@link WriteBatch} carrying a fence may be written only inside its
 * term. A backend shared by several processes therefore:
 * <ul>
 *   <li>refuses the batch, writing nothing, once the term has ended ({@link FencedOut#refused()});</li>
 *   <li>gives its rows a version (a timestamp) below the term's end, so that a batch that reaches
 *       the backend late never overwrites a write of the next owner, whose versions are above the
 *       next term's start;</li>
 *   <li>reports a batch whose write completed only after the term ended as failed
 *       ({@link FencedOut}, not refused: it may be there), so it is never acknowledged.</li>
 * </ul>
 * The memory backend checks the term when it applies the batch, which it does at once; RocksDB
 * serves one process, from which no other can take a range, and ignores it.
 *
 * <p>Threading: read by any thread; the owner of the term moves its end from its own thread.
 */
public interface Fence {
    /**
     * When the term ends, in epoch milliseconds on {@link #nowMillis}'s clock: it moves later
     * while the term goes on (the node renewed its lease in time), never after the term ended.
     */
    long endMillis();

    /** Now on the clock that {@link #endMillis} is read against (the coordination's). */
    long nowMillis();

    /** Whether the term still holds: a write may still be sent, or acknowledged. */
    default boolean holds() { return nowMillis() < endMillis(); }

    /** The fence of a batch decided under both (null is no fence): it holds while each does. */
    static Fence both(Fence a, Fence b) {
        if (a == null || a == b) return b;
        if (b == null) return a;
        return new Fence() {
            @Override public long endMillis() { return Math.min(a.endMillis(), b.endMillis()); }

            @Override public long nowMillis() { return a.nowMillis(); }
        };
    }
}
