package io.keyline.sdk;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * One logical Query over a sharded key: the application writes the Query it would send without
 * sharding ({@code pendingStatus = :s}, {@code :s = PENDING}, its Limit, filter, projection and
 * direction); each page sends it to the N shards in parallel ({@code :s = PENDING#0} ...
 * {@code PENDING#15}) and merges their items k ways in sort-key order, ascending or descending
 * as ScanIndexForward says, the way one partition would have returned them.
 *
 * <p><b>Limit</b> counts returned items across all shards: a page has exactly Limit items unless
 * the key has fewer left. Each shard is asked for as many as are still missing (or
 * {@link Builder#shardPageLimit} if smaller), since any one shard may hold them all; what the merge
 * cannot place yet stays in the {@link ShardCursor} for the next page, so nothing is read twice.
 * A shard whose buffer runs dry while it has more is queried again in the same page until Limit is
 * met. With a FilterExpression, Limit counts matching items (one Query's Limit counts items read
 * before the filter); shards are queried until Limit matches are found. Without a Limit a page is
 * one round of N shard queries, returning what can be placed in order.
 *
 * <p><b>Order</b>: items of equal sort key (possible in a GSI) come in shard order. With no sort
 * key ({@link Builder#sortKey} not set) the shards are concatenated, shard 0 first.
 *
 * <p><b>What a read costs.</b> Every page sends at least one query to each of the N shards that
 * still has items, and each query costs at least one read unit block
 * (docs/RULES.md#CAP-READ-MISSING: reading nothing still costs 0.5 RCU eventually consistent), so
 * a logical read of a key sharded N ways costs at least N times an unsharded one, even for one
 * item; and with Limit L it may read up to N x L items to return L (the seeds' 320 items read for
 * the first 20 of 16 shards; carried items are not read again, but they are read and paid once).
 * {@link Builder#shardPageLimit} lowers that over-read at the price of more round trips. This
 * holds for random and calculated sharding alike when the whole logical key is read. The
 * difference is point reads: with calculated sharding ({@link ShardStrategy#calculated}) the
 * shard of a known item is computed, so a GetItem, or a Query of one item, goes to one shard and
 * costs what it cost unsharded; with random sharding the item could be in any shard, so finding
 * it is a fan-out of N queries (N times the cost, the latency of the slowest of N).
 *
 * <p><b>Threading</b>: immutable and thread-safe; a page's shard queries run on the
 * {@link ShardQueryClient}'s threads, and the calling thread waits for them. A page that fails (a
 * shard throttled past the SDK's retries) throws the SDK's exception; the cursor it was given is
 * unchanged, so the page can be retried.
 */
public final class ShardedQuery {
    private static final String SORT_KEY_ALIAS = "#keylineShardedSortKey";

    private final ShardQueryClient client;
    private final ShardedKey key;
    private final String sortKey;
    private final QueryRequest template;
    private final Integer limit;
    private final Integer shardPageLimit;
    private final String placeholder;
    private final String logicalValue;
    private final boolean stripSortKey;
    private final Comparator<Map<String, AttributeValue>> itemOrder;
    private final long fingerprint;

    private ShardedQuery(Builder b) {
        this.client = Objects.requireNonNull(b.client, "client");
        this.key = Objects.requireNonNull(b.key, "key");
        this.sortKey = b.sortKey;
        this.shardPageLimit = b.shardPageLimit;
        QueryRequest request = Objects.requireNonNull(b.request, "request");
        if (request.hasExclusiveStartKey()) {
            throw new IllegalArgumentException("a sharded query pages with a ShardCursor, not an ExclusiveStartKey");
        }
        if (request.select() == Select.COUNT) {
            throw new IllegalArgumentException("Select COUNT is not merged: count each shard's Query and add them up");
        }
        this.limit = request.limit();
        this.placeholder = b.placeholder != null ? b.placeholder : QueryExpressions.keyValuePlaceholder(request, key.attribute());
        AttributeValue logical = request.expressionAttributeValues().get(placeholder);
        if (logical == null || logical.s() == null) {
            throw new IllegalArgumentException("the sharded key's value " + placeholder + " must be a string (S) in ExpressionAttributeValues");
        }
        this.logicalValue = logical.s();
        boolean projectsSortKey = sortKey == null || request.projectionExpression() == null
                || QueryExpressions.projects(request, sortKey);
        this.stripSortKey = !projectsSortKey;
        this.template = projectsSortKey ? request : withSortKeyProjected(request, sortKey);
        Comparator<Map<String, AttributeValue>> bySortKey = sortKey == null ? (x, y) -> 0
                : Comparator.comparing((Map<String, AttributeValue> item) -> sortKeyOf(item), SortKeyOrder.INSTANCE);
        this.itemOrder = Boolean.FALSE.equals(request.scanIndexForward()) ? bySortKey.reversed() : bySortKey;
        this.fingerprint = fingerprintOf(request, key, sortKey);
    }

    public static Builder builder(ShardQueryClient client, ShardedKey key) {
        return new Builder(client, key);
    }

    /** The first page. */
    public MergedPage firstPage() {
        return page((ShardCursor) null);
    }

    /** The page after the one that returned {@code cursor.token()}, in this or another process. */
    public MergedPage page(String cursorToken) {
        return page(ShardCursor.parse(cursorToken));
    }

    /** The page {@code cursor} points at; the first page if it is null. */
    public MergedPage page(ShardCursor cursor) {
        Progress progress = new Progress(cursor);
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        ConsumedCapacitySum capacity = new ConsumedCapacitySum();
        int scanned = 0;
        int counted = 0;
        int queries = 0;
        int rounds = 0;
        while (true) {
            progress.emitInto(out);
            if (limit != null && out.size() >= limit) break;
            List<Integer> starving = progress.starving();
            if (starving.isEmpty()) break;
            if (limit == null && rounds > 0) break;
            Integer perShard = perShardLimit(limit == null ? null : limit - out.size());
            List<CompletableFuture<QueryResponse>> inFlight = new ArrayList<>(starving.size());
            for (int shard : starving) inFlight.add(client.query(shardRequest(shard, progress.startKey[shard], perShard)));
            for (int i = 0; i < starving.size(); i++) {
                QueryResponse response = join(inFlight.get(i));
                progress.received(starving.get(i), response);
                scanned += response.scannedCount() == null ? 0 : response.scannedCount();
                counted += response.count() == null ? 0 : response.count();
                capacity.add(response.consumedCapacity());
            }
            queries += starving.size();
            rounds++;
        }
        return new MergedPage(out, scanned, counted, capacity.result(), queries, progress.cursor());
    }

    /** Every page in turn, from the first; each page is fetched when the iterator reaches it. */
    public Iterable<MergedPage> pages() {
        return () -> new Iterator<>() {
            private MergedPage last;

            @Override public boolean hasNext() { return last == null || last.hasMore(); }

            @Override public MergedPage next() {
                if (!hasNext()) throw new NoSuchElementException();
                last = last == null ? firstPage() : page(last.cursor());
                return last;
            }
        };
    }

    /** The request sent to {@code shard}: the template with the shard's physical key value. */
    QueryRequest shardRequest(int shard, Map<String, AttributeValue> startKey, Integer shardLimit) {
        Map<String, AttributeValue> values = new HashMap<>(template.expressionAttributeValues());
        values.put(placeholder, AttributeValue.fromS(key.physicalValue(logicalValue, shard)));
        return template.toBuilder().expressionAttributeValues(values).limit(shardLimit).exclusiveStartKey(startKey).build();
    }

    private Integer perShardLimit(Integer missing) {
        if (missing == null) return shardPageLimit;
        return shardPageLimit == null ? missing : Math.min(missing, shardPageLimit);
    }

    private AttributeValue sortKeyOf(Map<String, AttributeValue> item) {
        AttributeValue value = item.get(sortKey);
        if (value == null) throw new IllegalStateException("an item of the sharded query has no sort key '" + sortKey + "': " + item.keySet());
        return value;
    }

    private static QueryRequest withSortKeyProjected(QueryRequest request, String sortKey) {
        Map<String, String> names = new HashMap<>(request.expressionAttributeNames());
        names.put(SORT_KEY_ALIAS, sortKey);
        return request.toBuilder().expressionAttributeNames(names)
                .projectionExpression(request.projectionExpression() + ", " + SORT_KEY_ALIAS).build();
    }

    private static QueryResponse join(CompletableFuture<QueryResponse> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        }
    }

    /** What the query is: a cursor of another query is refused rather than silently misapplied. */
    private static long fingerprintOf(QueryRequest r, ShardedKey key, String sortKey) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            for (String s : new String[] {r.tableName(), r.indexName(), r.keyConditionExpression(), r.filterExpression(),
                    r.projectionExpression(), String.valueOf(r.scanIndexForward()), key.attribute(), sortKey}) {
                AttributeValueBinary.writeString(out, String.valueOf(s));
            }
            out.writeInt(key.shards());
            AttributeValueBinary.writeItem(out, r.expressionAttributeValues());
            Map<String, AttributeValue> names = new HashMap<>();
            r.expressionAttributeNames().forEach((alias, name) -> names.put(alias, AttributeValue.fromS(name)));
            AttributeValueBinary.writeItem(out, names);
            out.flush();
            return ByteBuffer.wrap(MessageDigest.getInstance("MD5").digest(bytes.toByteArray())).getLong();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide MD5", e);
        }
    }

    /** One page's view of every shard: where it is, and what it has read that is not yet returned. */
    private final class Progress {
        final boolean[] finished = new boolean[key.shards()];
        final Map<String, AttributeValue>[] startKey;
        final ArrayDeque<Map<String, AttributeValue>>[] buffered;

        @SuppressWarnings("unchecked")
        Progress(ShardCursor cursor) {
            startKey = new Map[key.shards()];
            buffered = new ArrayDeque[key.shards()];
            for (int i = 0; i < key.shards(); i++) buffered[i] = new ArrayDeque<>();
            if (cursor == null) return;
            if (cursor.fingerprint() != fingerprint || cursor.shards().size() != key.shards()) {
                throw new IllegalArgumentException("this cursor belongs to another query (table, index, expressions, values, "
                        + "direction or shard count differ)");
            }
            for (int i = 0; i < key.shards(); i++) {
                ShardCursor.Shard shard = cursor.shards().get(i);
                finished[i] = shard.finished();
                startKey[i] = shard.startKey();
                buffered[i].addAll(shard.unreturned());
            }
        }

        /** Shards that may hold the next item but have nothing buffered: they must be read first. */
        List<Integer> starving() {
            List<Integer> starving = new ArrayList<>();
            for (int i = 0; i < finished.length; i++) if (!finished[i] && buffered[i].isEmpty()) starving.add(i);
            return starving;
        }

        void received(int shard, QueryResponse response) {
            buffered[shard].addAll(response.items());
            boolean more = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty();
            startKey[shard] = more ? response.lastEvaluatedKey() : null;
            finished[shard] = !more;
        }

        /**
         * The k-way merge: while every unfinished shard has a buffered head (a lower bound of all it
         * still holds), the least head across shards is the next item of the logical key.
         */
        void emitInto(List<Map<String, AttributeValue>> out) {
            if (!starving().isEmpty()) return;
            PriorityQueue<Integer> heads = new PriorityQueue<>((a, b) -> {
                int c = itemOrder.compare(buffered[a].peekFirst(), buffered[b].peekFirst());
                return c != 0 ? c : Integer.compare(a, b);
            });
            for (int i = 0; i < buffered.length; i++) if (!buffered[i].isEmpty()) heads.add(i);
            while (!heads.isEmpty() && (limit == null || out.size() < limit)) {
                int shard = heads.poll();
                out.add(returned(buffered[shard].pollFirst()));
                if (!buffered[shard].isEmpty()) heads.add(shard);
                else if (!finished[shard]) return;
            }
        }

        private Map<String, AttributeValue> returned(Map<String, AttributeValue> item) {
            if (!stripSortKey) return item;
            Map<String, AttributeValue> copy = new HashMap<>(item);
            copy.remove(sortKey);
            return copy;
        }

        ShardCursor cursor() {
            boolean done = true;
            List<ShardCursor.Shard> shards = new ArrayList<>(finished.length);
            for (int i = 0; i < finished.length; i++) {
                done &= finished[i] && buffered[i].isEmpty();
                shards.add(new ShardCursor.Shard(finished[i], startKey[i], new ArrayList<>(buffered[i])));
            }
            return done ? null : new ShardCursor(fingerprint, shards);
        }
    }

    /** Builds a {@link ShardedQuery}; not thread-safe. */
    public static final class Builder {
        private final ShardQueryClient client;
        private final ShardedKey key;
        private String sortKey;
        private QueryRequest request;
        private Integer shardPageLimit;
        private String placeholder;

        private Builder(ShardQueryClient client, ShardedKey key) {
            this.client = client;
            this.key = key;
        }

        /**
         * The logical Query, as it would be sent without sharding: its key condition compares the
         * sharded attribute with a value placeholder holding the logical value.
         */
        public Builder request(QueryRequest logicalQuery) {
            this.request = logicalQuery;
            return this;
        }

        /** The sort key attribute of the table or index queried: the merge orders by it. */
        public Builder sortKey(String attribute) {
            this.sortKey = attribute;
            return this;
        }

        /** At most this many items asked of one shard per query (default: all still missing). */
        public Builder shardPageLimit(int items) {
            if (items < 1) throw new IllegalArgumentException("shardPageLimit must be at least 1");
            this.shardPageLimit = items;
            return this;
        }

        /**
         * The value placeholder of the sharded key in the key condition, when it cannot be found
         * by its form ({@code attr = :p} or {@code #alias = :p}).
         */
        public Builder partitionKeyPlaceholder(String valuePlaceholder) {
            this.placeholder = valuePlaceholder;
            return this;
        }

        public ShardedQuery build() {
            return new ShardedQuery(this);
        }
    }
}
