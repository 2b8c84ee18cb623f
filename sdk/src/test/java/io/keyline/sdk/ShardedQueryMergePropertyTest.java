package io.keyline.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The merge's invariants over many random layouts, against {@link FakeShards} (fast; the same
 * checks against a Keyline server are in ShardedQueryEndToEndTest): the pages, concatenated, are
 * every item of the logical key in sort order; each page but the last has exactly Limit items;
 * nothing is read twice; and a page resumed from its cursor's token is the page that follows.
 */
class ShardedQueryMergePropertyTest {

    @Property(tries = 300)
    void pagesAreTheLogicalKeyInOrderWithExactLimits(@ForAll @IntRange(min = 1, max = 12) int shards,
            @ForAll @IntRange(min = 0, max = 80) int items, @ForAll @IntRange(min = 0, max = 25) int limitOrNone,
            @ForAll @IntRange(min = 0, max = 6) int shardPageLimitOrNone, @ForAll boolean forward,
            @ForAll long seed) {
        ShardedKey key = ShardedKey.of("pk", shards);
        FakeShards fake = new FakeShards();
        Random random = new Random(seed);
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            long sk = i * 3L + random.nextInt(3);
            expected.add(sk);
            fake.put(key.physicalValue("HOT", random.nextInt(shards)), sk);
        }
        fake.put("COLD#0", 1);
        if (!forward) expected.sort(Comparator.reverseOrder());

        QueryRequest.Builder request = QueryRequest.builder().tableName("t").keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("HOT"))).scanIndexForward(forward);
        if (limitOrNone > 0) request.limit(limitOrNone);
        ShardedQuery.Builder builder = ShardedQuery.builder(fake, key).sortKey("sk").request(request.build());
        if (shardPageLimitOrNone > 0) builder.shardPageLimit(shardPageLimitOrNone);
        ShardedQuery query = builder.build();

        List<Long> seen = new ArrayList<>();
        int scanned = 0;
        MergedPage page = query.firstPage();
        for (int guard = 0; guard < 10_000; guard++) {
            page.items().forEach(item -> seen.add(FakeShards.sk(item)));
            scanned += page.scannedCount();
            if (!page.hasMore()) break;
            if (limitOrNone > 0) assertThat(page.count()).isEqualTo(limitOrNone);
            page = query.page(page.cursor().token());
        }
        assertThat(page.hasMore()).isFalse();
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(scanned).as("every item is read once: carried items are not read again").isEqualTo(items);
    }
}
