package io.keyline.engine.query;

/**
 * What one page cost to read, before any filter: the capacity model (issue 5) turns it into
 * read units and charges the partitions that own the token range. Immutable.
 *
 * @param bytesRead sum of {@link io.keyline.model.ItemSize#of} over the items evaluated
 * @param itemsRead items evaluated (ScannedCount)
 * @param firstToken token of the first item evaluated, null when none was
 * @param lastToken token of the last item evaluated, null when none was
 */
public record PageStatistics(long bytesRead, int itemsRead, Long firstToken, Long lastToken) {
    public static final PageStatistics EMPTY = new PageStatistics(0, 0, null, null);
}
