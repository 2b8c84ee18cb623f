package io.keyline.engine.metering;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.PartitionMap;
import io.keyline.capacity.ReadConsistency;
import io.keyline.capacity.ReadMeter;
import io.keyline.capacity.SortPosition;
import io.keyline.capacity.Throttle;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.PageStatistics;
import io.keyline.engine.api.ReadTarget;

/**
 * Capacity of Query and Scan pages (docs/RULES.md#CAP-READ-PAGE): a page is admitted on the partition where it starts,
 * then charged the sum of the sizes it evaluated (before filter and projection) rounded up once,
 * and at least one block for each partition its token range crossed, plus each base item an LSI
 * read fetched, rounded on its own. A GSI read draws from the GSI's partitions and never from the
 * table's; an LSI read from the table's. Stateless; thread-safe.
 */
public final class PageCapacity {
    private static final int TOKEN_OFFSET = 8;
    private static final int HEADER_BYTES = 16;

    private PageCapacity() {}

    /** The partition map a read of {@code target} draws from. */
    public static PartitionMap mapOf(TableBinding b, ReadTarget target) {
        if (target.isIndex() && target.global()) {
            PartitionMap gsi = b.capacity().index(target.indexName());
            if (gsi != null) return gsi;
        }
        return b.table();
    }

    /** Admits a page that starts at {@code startToken}; null, or the refusal to throw with {@link ItemCapacity#error}. */
    public static Throttle admit(TableBinding b, ReadTarget target, long startToken) {
        return mapOf(b, target).admitRead(startToken, SortPosition.NONE);
    }

    /**
     * Charges a page that read the tokens from {@code startToken} to {@code endToken} and
     * returns what it consumed, under the table or the index it read (docs/RULES.md#CAP-CONSUMED-SHAPE: a read
     * of an index shows only the index).
     */
    public static ConsumedCapacity charge(TableBinding b, ReadTarget target, long startToken, long endToken,
                                          PageStatistics statistics, ReadConsistency consistency) {
        PartitionMap map = mapOf(b, target);
        ReadMeter meter = new ReadMeter();
        if (statistics.bytesRead() > 0) meter.evaluated(statistics.bytesRead());
        int first = map.partitionOf(startToken, Long.MIN_VALUE);
        int last = map.partitionOf(Math.max(startToken, endToken), Long.MAX_VALUE);
        for (int p = first; p <= last; p++) meter.touchedPartition();
        for (long fetched : statistics.fetchedItemBytes()) meter.fetched(fetched);
        double units = meter.units(consistency);
        map.chargeRead(startToken, SortPosition.NONE, units);
        ConsumedCapacity.Builder out = ConsumedCapacity.builder(b.metadata().name());
        if (!target.isIndex()) out.table(units, 0);
        else if (target.global()) out.globalIndex(target.indexName(), units, 0);
        else out.localIndex(target.indexName(), units, 0);
        return out.build();
    }

    /** The token a stored key starts at: its bytes after the keyspace id; a bare keyspace prefix is the first token. */
    public static long startToken(byte[] key) {
        if (key == null || key.length < HEADER_BYTES) return Long.MIN_VALUE;
        return readLong(key, TOKEN_OFFSET) ^ Long.MIN_VALUE;
    }

    /** The last token a range reaches: the token before its exclusive end (the last token if unbounded). */
    public static long endToken(KeyRange range) {
        byte[] end = range.end();
        if (end == null || end.length < HEADER_BYTES) return Long.MAX_VALUE;
        long token = readLong(end, TOKEN_OFFSET) ^ Long.MIN_VALUE;
        boolean bareToken = end.length == HEADER_BYTES;
        return bareToken && token != Long.MIN_VALUE ? token - 1 : token;
    }

    private static long readLong(byte[] b, int offset) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (b[offset + i] & 0xFF);
        return v;
    }
}
