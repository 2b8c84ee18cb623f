package io.keyline.engine.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.keyline.engine.api.Page;
import io.keyline.engine.api.PageRequest;
import io.keyline.engine.api.PageStatistics;
import io.keyline.engine.api.ReadTarget;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.engine.api.StopReason;
import io.keyline.engine.codec.ItemCodec;
import io.keyline.engine.codec.KeyCodec;
import io.keyline.model.AttributeValue;
import io.keyline.model.ItemSize;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.model.ScalarType;
import io.keyline.storage.WriteBatch;
import io.keyline.storage.memory.MemoryStorage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageReaderTest {
    private static final long KEYSPACE = 42;
    private static final KeySchema SCHEMA = KeySchema.of(new KeyAttribute("p", ScalarType.S), new KeyAttribute("c", ScalarType.N));
    private static final ReadTarget TABLE = new ReadTarget(null, KEYSPACE, SCHEMA, SCHEMA, false);

    private final MemoryStorage storage = new MemoryStorage();

    private static Map<String, AttributeValue> item(String p, int c, int payloadBytes) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("p", new AttributeValue.S(p));
        item.put("c", new AttributeValue.N(BigDecimal.valueOf(c)));
        if (payloadBytes > 0) item.put("v", new AttributeValue.S("x".repeat(payloadBytes)));
        return item;
    }

    private void put(long keyspace, Map<String, AttributeValue> item) {
        WriteBatch batch = new WriteBatch();
        batch.put(KeyCodec.itemKey(keyspace, item.get("p"), item.get("c")), ItemCodec.encode(item));
        storage.write(batch);
    }

    private static int sortKey(Map<String, AttributeValue> item) {
        return ((AttributeValue.N) item.get("c")).value().intValueExact();
    }

    private PageRequest partition(String p, boolean reverse, byte[] start, Integer limit) {
        return new PageRequest(TABLE, TargetKeys.queryRange(TABLE, List.of(new AttributeValue.S(p)), List.of(), null, null, null), reverse, start, limit, i -> true);
    }

    @Test
    void aFiveMegabytePartitionPagesUnderOneMegabyteAndReturnsEveryItemOnce() {
        int count = 500;
        for (int i = 0; i < count; i++) put(KEYSPACE, item("big", i, 10_000));
        put(KEYSPACE, item("other", 1, 10));
        List<Integer> seen = new ArrayList<>();
        byte[] start = null;
        int pages = 0;
        while (true) {
            Page page = PageReader.read(storage, partition("big", false, start, null));
            pages++;
            assertThat(page.statistics().bytesRead()).isLessThanOrEqualTo(PageReader.MAX_PAGE_BYTES);
            long sum = 0;
            for (Map<String, AttributeValue> i : page.items()) {
                seen.add(sortKey(i));
                sum += ItemSize.of(i);
            }
            assertThat(page.statistics().bytesRead()).isEqualTo(sum);
            if (page.lastEvaluatedKey() == null) {
                assertThat(page.stopReason()).isEqualTo(StopReason.EXHAUSTED);
                break;
            }
            assertThat(page.stopReason()).isEqualTo(StopReason.SIZE);
            start = TargetKeys.storageKey(TABLE, page.lastEvaluatedKey());
        }
        assertThat(pages).isBetween(5, 7);
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) expected.add(i);
        assertThat(seen).isEqualTo(expected);
    }

    @Test
    void statisticsNameTheTokensTouched() {
        put(KEYSPACE, item("a", 1, 5));
        put(KEYSPACE, item("a", 2, 5));
        Page page = PageReader.read(storage, partition("a", false, null, null));
        long token = KeyCodec.token(new AttributeValue.S("a"));
        assertThat(page.statistics()).isEqualTo(new PageStatistics(2 * ItemSize.of(item("a", 1, 5)), 2, token, token, List.of()));
        assertThat(PageReader.read(storage, partition("none", false, null, null)).statistics()).isEqualTo(PageStatistics.EMPTY);
    }

    @Test
    void limitCountsItemsBeforeTheFilterAndReverseResumesBelowTheStartKey() {
        for (int i = 0; i < 10; i++) put(KEYSPACE, item("a", i, 0));
        PageRequest evenOnly = new PageRequest(TABLE, TargetKeys.queryRange(TABLE, List.of(new AttributeValue.S("a")), List.of(), SortKeyCondition.GE,
                new AttributeValue.N(BigDecimal.valueOf(3)), null), true, null, 4, i -> sortKey(i) % 2 == 0);
        Page page = PageReader.read(storage, evenOnly);
        assertThat(page.scannedCount()).isEqualTo(4);
        assertThat(page.items()).extracting(PageReaderTest::sortKey).containsExactly(8, 6);
        assertThat(page.stopReason()).isEqualTo(StopReason.LIMIT);
        Page next = PageReader.read(storage, new PageRequest(evenOnly.target(), evenOnly.range(), true,
                TargetKeys.storageKey(TABLE, page.lastEvaluatedKey()), 4, evenOnly.filter()));
        assertThat(next.items()).extracting(PageReaderTest::sortKey).containsExactly(4);
        assertThat(next.scannedCount()).isEqualTo(3);
        assertThat(next.lastEvaluatedKey()).isNull();
    }

    @Test
    void aQueryReadsOnlyItsPartitionAndAScanOnlyItsKeyspace() {
        for (int i = 0; i < 20; i++) put(KEYSPACE, item("p" + i, 0, 0));
        for (int i = 0; i < 5; i++) put(KEYSPACE + 1, item("q" + i, 0, 0));
        assertThat(PageReader.read(storage, partition("p3", false, null, null)).scannedCount()).isEqualTo(1);
        Page scan = PageReader.read(storage, new PageRequest(TABLE, TargetKeys.scanRange(TABLE, 0, 1), false, null, null, i -> true));
        assertThat(scan.scannedCount()).isEqualTo(20);
        long previous = Long.MIN_VALUE;
        for (Map<String, AttributeValue> i : scan.items()) {
            long token = KeyCodec.token(i.get("p"));
            assertThat(token).isGreaterThanOrEqualTo(previous);
            previous = token;
        }
    }

    @Test
    void segmentsTileTheKeyspace() {
        for (int i = 0; i < 200; i++) put(KEYSPACE, item("p" + i, 0, 0));
        int total = 0;
        for (int s = 0; s < 4; s++) {
            Page page = PageReader.read(storage, new PageRequest(TABLE, TargetKeys.scanRange(TABLE, s, 4), false, null, null, i -> true));
            total += page.scannedCount();
        }
        assertThat(total).isEqualTo(200);
    }
}
