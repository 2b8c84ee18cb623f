package io.keyline.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.keyline.server.testing.KeylineExtension;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A merged Query of a sharded GSI against a Keyline server equals one Query of the same items in
 * an unsharded GSI: the same items in the same order (ascending and descending), the same pages
 * under a Limit, the same ScannedCount in total (nothing read twice), with filters, projections
 * that leave out the sort key, random and calculated shards, and the async client or a bounded
 * executor; over many seeds (the cases are drawn from the seed, and the seed names a failure).
 */
class ShardedQueryEndToEndTest {
    @RegisterExtension static final KeylineExtension keyline = KeylineExtension.inMemory();

    private static final ExecutorService executor = Executors.newFixedThreadPool(4);

    @AfterAll static void stopExecutor() {
        executor.shutdownNow();
    }

    static Stream<Long> seeds() {
        return IntStream.rangeClosed(1, 40).mapToObj(i -> (long) i);
    }

    @ParameterizedTest(name = "seed {0}") @MethodSource("seeds")
    void mergedPagesEqualOneUnshardedQuery(long seed) {
        Random random = new Random(seed);
        DynamoDbClient db = keyline.client();
        String table = "orders" + seed;
        Orders.create(db, table);
        int shards = 1 + random.nextInt(16);
        ShardedKey key = ShardedKey.of("statusShard", shards);
        if (random.nextBoolean()) key = key.withFormat(SuffixFormat.zeroPadded());
        WriteSharding sharding = random.nextBoolean() ? WriteSharding.random(key, seed) : WriteSharding.calculated(key, "orderId");
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int count = random.nextInt(150);
        for (int i = 0; i < count; i++) {
            String orderId = String.format("o%04d", i);
            String status = random.nextInt(5) == 0 ? "SHIPPED" : "PENDING";
            String placedAt = String.format("2026-07-%02dT%02d:%02d#%s", 1 + random.nextInt(28), random.nextInt(24), random.nextInt(60), orderId);
            items.add(Orders.order(orderId, status, placedAt, random.nextInt(100)));
        }
        Orders.write(db, table, sharding, items);

        Integer limit = random.nextInt(4) == 0 ? null : 1 + random.nextInt(30);
        boolean forward = random.nextBoolean();
        boolean filtered = random.nextInt(3) == 0;
        boolean projected = random.nextInt(3) == 0;
        boolean ranged = random.nextBoolean();
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":s", AttributeValue.fromS("PENDING")));
        String condition = "#k = :s";
        if (ranged) {
            condition += " AND placedAt >= :from";
            values.put(":from", AttributeValue.fromS(String.format("2026-07-%02d", 1 + random.nextInt(20))));
        }
        QueryRequest.Builder common = QueryRequest.builder().tableName(table).keyConditionExpression(condition)
                .scanIndexForward(forward).limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (filtered) {
            common.filterExpression("amount >= :min");
            values.put(":min", AttributeValue.fromN(Integer.toString(random.nextInt(100))));
        }
        if (projected) common.projectionExpression("orderId, amount");
        common.expressionAttributeValues(values);
        QueryRequest unsharded = common.build().copy(b -> b.indexName(Orders.BY_STATUS).expressionAttributeNames(Map.of("#k", "status")));
        QueryRequest logical = common.build().copy(b -> b.indexName(Orders.BY_STATUS_SHARD).expressionAttributeNames(Map.of("#k", "statusShard")));

        ShardQueryClient client = random.nextBoolean() ? ShardQueryClient.of(keyline.asyncClient()) : ShardQueryClient.of(db, executor);
        ShardedQuery.Builder builder = ShardedQuery.builder(client, key).sortKey("placedAt").request(logical);
        if (random.nextInt(4) == 0) builder.shardPageLimit(1 + random.nextInt(5));
        ShardedQuery merged = builder.build();

        List<QueryResponse> expectedPages = Orders.allPages(db, unsharded);
        List<Map<String, AttributeValue>> expected = new ArrayList<>();
        int expectedScanned = 0;
        for (QueryResponse page : expectedPages) {
            expected.addAll(page.items());
            expectedScanned += page.scannedCount();
        }

        List<MergedPage> pages = new ArrayList<>();
        for (MergedPage page : merged.pages()) pages.add(page);
        List<Map<String, AttributeValue>> actual = new ArrayList<>();
        int scanned = 0;
        int shardCounts = 0;
        for (MergedPage page : pages) {
            actual.addAll(page.items());
            assertThat(page.count()).isEqualTo(page.items().size());
            scanned += page.scannedCount();
            shardCounts += page.shardCount();
            if (page.shardQueries() > 0) assertThat(page.consumedCapacity().capacityUnits()).isGreaterThanOrEqualTo(0.5);
            if (page.hasMore() && limit != null) assertThat(page.count()).as("a page holds exactly Limit items").isEqualTo(limit);
        }
        assertThat(actual).as("seed %d: the merged items are the unsharded Query's, in its order", seed).isEqualTo(expected);
        assertThat(scanned).as("every item of the key condition is read once").isEqualTo(expectedScanned);
        assertThat(shardCounts).isEqualTo(expected.size());
        if (limit != null && !filtered) {
            // Either may end with an empty page: a shard (or the one Query) that filled its Limit
            // exactly returns a LastEvaluatedKey, and only the next page finds nothing after it.
            assertThat(withoutTrailingEmptyPage(pages.stream().map(MergedPage::count).toList()))
                    .isEqualTo(withoutTrailingEmptyPage(expectedPages.stream().map(QueryResponse::count).toList()));
        }
        if (projected) assertThat(actual).allSatisfy(item -> assertThat(item.keySet()).containsOnly("orderId", "amount"));
    }

    private static List<Integer> withoutTrailingEmptyPage(List<Integer> sizes) {
        List<Integer> trimmed = new ArrayList<>(sizes);
        if (trimmed.size() > 1 && trimmed.get(trimmed.size() - 1) == 0) trimmed.remove(trimmed.size() - 1);
        return trimmed;
    }

    @Test void resumesInAnotherProcessFromTheSerializedCursor() {
        DynamoDbClient db = keyline.client();
        Orders.create(db, "resume");
        ShardedKey key = ShardedKey.of("statusShard", 16).withFormat(SuffixFormat.zeroPadded());
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Random random = new Random(99);
        for (int i = 0; i < 200; i++) {
            items.add(Orders.order("r" + i, "PENDING", String.format("2026-07-%02d#%03d", 1 + random.nextInt(28), i), i));
        }
        Orders.write(db, "resume", WriteSharding.random(key, 5), items);
        QueryRequest logical = QueryRequest.builder().tableName("resume").indexName(Orders.BY_STATUS_SHARD)
                .keyConditionExpression("statusShard = :s").expressionAttributeValues(Map.of(":s", AttributeValue.fromS("PENDING")))
                .scanIndexForward(false).limit(7).build();

        MergedPage first = ShardedQuery.builder(ShardQueryClient.of(keyline.asyncClient()), key).sortKey("placedAt").request(logical)
                .build().firstPage();
        String token = first.cursor().token();
        assertThat(first.cursor().carriedItems()).isPositive();

        List<Map<String, AttributeValue>> all = new ArrayList<>(first.items());
        try (DynamoDbClient other = DynamoDbClient.builder().endpointOverride(keyline.endpoint()).region(KeylineExtension.REGION)
                .credentialsProvider(KeylineExtension.credentials()).httpClient(UrlConnectionHttpClient.create()).build()) {
            ShardedQuery resumed = ShardedQuery.builder(ShardQueryClient.of(other, executor), ShardedKey.of("statusShard", 16)
                    .withFormat(SuffixFormat.zeroPadded())).sortKey("placedAt").request(logical).build();
            while (token != null) {
                MergedPage page = resumed.page(token);
                all.addAll(page.items());
                token = page.hasMore() ? page.cursor().token() : null;
            }
        }
        List<Map<String, AttributeValue>> expected = new ArrayList<>();
        Orders.allPages(db, logical.copy(b -> b.indexName(Orders.BY_STATUS).keyConditionExpression("#k = :s")
                .expressionAttributeNames(Map.of("#k", "status")).limit(null))).forEach(p -> expected.addAll(p.items()));
        assertThat(expected).hasSize(200);
        assertThat(all).isEqualTo(expected);

        ShardedQuery otherQuery = ShardedQuery.builder(ShardQueryClient.of(db, executor), key).sortKey("placedAt")
                .request(logical.copy(b -> b.scanIndexForward(true))).build();
        assertThatThrownBy(() -> otherQuery.page(first.cursor())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("another query");
        assertThatThrownBy(() -> ShardCursor.parse("not-a-token")).isInstanceOf(IllegalArgumentException.class);
    }
}
