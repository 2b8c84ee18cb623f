package io.keyline.engine.api;

import java.util.List;

/**
 * What one page cost to read, before any filter: the capacity model (issue 5) turns it into
 * read units and charges the partitions that own the token range. Immutable.
 *
 * @param bytesRead sum of {@link io.keyline.model.ItemSize#of} over the entries evaluated
 * @param itemsRead entries evaluated (ScannedCount)
 * @param firstToken token of the first entry evaluated, null when none was
 * @param lastToken token of the last entry evaluated, null when none was
 * @param fetchedItemBytes for an LSI read that needed unprojected attributes, the size of each
 *        base item fetched (DynamoDB rounds each one up to 4 KB on its own); empty otherwise
 */
public record PageStatistics(long bytesRead, int itemsRead, Long firstToken, Long lastToken, List<Long> fetchedItemBytes) {
    public static final PageStatistics EMPTY = new PageStatistics(0, 0, null, null, List.of());

    public PageStatistics {
        fetchedItemBytes = List.copyOf(fetchedItemBytes);
    }

    public PageStatistics withFetchedItemBytes(List<Long> sizes) {
        return new PageStatistics(bytesRead, itemsRead, firstToken, lastToken, sizes);
    }
}
