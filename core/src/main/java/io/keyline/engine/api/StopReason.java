package io.keyline.engine.api;

/** Why a page ended. Only {@link #EXHAUSTED} means the range has nothing more to read. */
public enum StopReason {
    /** The key range has no more items. */
    EXHAUSTED,
    /** Limit items were evaluated. */
    LIMIT,
    /** The next item would have taken the page past 1 MB of items evaluated. */
    SIZE
}
