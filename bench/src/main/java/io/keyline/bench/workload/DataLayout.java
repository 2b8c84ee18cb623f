package io.keyline.bench.workload;

import java.util.SplittableRandom;

/**
 * The benchmark table and its items, identical on every server. One table per item size,
 * {@code bench_<bytes>}, with hash key {@code pk} (S) and range key {@code sk} (N).
 * Item-operation keys are {@code item-NNNNNN} with {@code sk = 0}; Query partitions are
 * {@code query-NNNNN} holding {@value #QUERY_ITEMS} items each ({@code sk = 0..9}).
 * Each item also has a counter {@code n} (N, starts at 0) and a {@code data} string padding the
 * item to about {@code itemBytes} by DynamoDB's size rules. Immutable.
 */
public record DataLayout(int itemBytes, int itemKeys, int queryPartitions, long seed) {
    /** Items per Query partition: the "Query of 10 items". */
    public static final int QUERY_ITEMS = 10;
    /** Items per BatchWriteItem request: DynamoDB's maximum (API reference, BatchWriteItem). */
    public static final int BATCH_SIZE = 25;
    /** Distinct BatchWriteItem requests prepared; bounds memory at 4 KB items. */
    static final int MAX_BATCHES = 256;

    public DataLayout {
        if (itemKeys < BATCH_SIZE) throw new IllegalArgumentException("need at least 25 item keys");
        if (queryPartitions < 1) throw new IllegalArgumentException("need at least one query partition");
    }

    public String table() { return "bench_" + itemBytes; }

    public static String itemPk(int i) { return String.format("item-%06d", i); }

    public static String queryPk(int j) { return String.format("query-%05d", j); }

    public int batches() { return Math.min(MAX_BATCHES, (itemKeys + BATCH_SIZE - 1) / BATCH_SIZE); }

    /** The item keys written by batch {@code j}: 25 distinct consecutive keys (mod itemKeys). */
    public int batchItem(int j, int t) { return (j * BATCH_SIZE + t) % itemKeys; }

    /** Padding so that names + values come to about itemBytes (pk, sk, n, data, sized as docs/RULES.md#SIZE-ITEM says). */
    public String padding(int seedOffset) {
        int overhead = 2 + 11 + 2 + 1 + 1 + 1 + 4;
        int length = Math.max(1, itemBytes - overhead);
        SplittableRandom random = new SplittableRandom(seed * 31 + seedOffset);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) chars[i] = (char) ('a' + random.nextInt(26));
        return new String(chars);
    }
}
