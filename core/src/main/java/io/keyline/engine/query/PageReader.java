package io.keyline.engine.query;

import io.keyline.engine.api.Page;
import io.keyline.engine.api.PageRequest;
import io.keyline.engine.api.PageStatistics;
import io.keyline.engine.api.StopReason;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.storage.Cursor;
import io.keyline.storage.ReadView;
import io.keyline.storage.Storage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads one page of a key range under DynamoDB's page rules (docs/RULES.md#PAGE-SIZE, #PAGE-LIMIT): at most
 * Limit items and at most 1 MB of items are evaluated, both counted before the filter; the first
 * item is always evaluated, so a page makes progress. The work is proportional to the items
 * evaluated, never to the size of the keyspace: one cursor seek, then one step per item.
 * Stateless and thread-safe; each page reads one point in time (one cursor).
 */
public final class PageReader {
    /** docs/RULES.md#PAGE-SIZE: "A single Query/Scan only returns a result set that fits within the 1 MB size limit". */
    public static final long MAX_PAGE_BYTES = 1024 * 1024;

    private PageReader() {}

    /**
     * Reads the page from {@code storage}. A page is one cursor, and a cursor already sees one
     * point in time (the Storage contract), so no snapshot is taken: on RocksDB a snapshot costs
     * two trips through the database mutex that writers also take.
     */
    public static Page read(Storage storage, PageRequest request) {
        return read(storage, request, MAX_PAGE_BYTES);
    }

    /** Reads the page from {@code view} with a page size of {@code maxPageBytes} (tests use small pages). */
    public static Page read(ReadView view, PageRequest request, long maxPageBytes) {
        byte[] from = request.range().start();
        byte[] to = request.range().end();
        byte[] start = request.exclusiveStart();
        if (start != null) {
            if (request.reverse()) to = to == null || Arrays.compareUnsigned(start, to) < 0 ? start : to;
            else from = max(from, KeyCodec.successor(start));
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int scanned = 0;
        long bytes = 0;
        Long firstToken = null;
        Long lastToken = null;
        Map<String, AttributeValue> last = null;
        StopReason reason = StopReason.EXHAUSTED;
        if (to == null || Arrays.compareUnsigned(from, to) < 0) {
            try (Cursor cursor = view.range(from, to, request.reverse())) {
                while (true) {
                    if (request.limit() != null && scanned >= request.limit()) { reason = StopReason.LIMIT; break; }
                    if (!cursor.next()) break;
                    Map<String, AttributeValue> item = ItemCodec.decode(cursor.value());
                    long size = ItemSize.of(item);
                    if (scanned > 0 && bytes + size > maxPageBytes) { reason = StopReason.SIZE; break; }
                    scanned++;
                    bytes += size;
                    long token = token(cursor.key());
                    if (firstToken == null) firstToken = token;
                    lastToken = token;
                    last = item;
                    if (request.filter().test(item)) items.add(item);
                }
            }
        }
        Map<String, AttributeValue> lastEvaluatedKey = reason == StopReason.EXHAUSTED || last == null ? null : request.target().keyOf(last);
        return new Page(items, scanned, lastEvaluatedKey, reason, new PageStatistics(bytes, scanned, firstToken, lastToken, List.of()));
    }

    /** The token stored after the keyspace id, sign bit restored (KeyCodec's layout). */
    static long token(byte[] storedKey) {
        return ByteBuffer.wrap(storedKey, 8, 8).getLong() ^ Long.MIN_VALUE;
    }

    private static byte[] max(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b) >= 0 ? a : b;
    }
}
