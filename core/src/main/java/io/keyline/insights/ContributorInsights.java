package io.keyline.insights;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.InsightsState;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.TableInsights;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeyAttribute;
import io.keyline.model.KeySchema;
import io.keyline.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Contributor Insights' counting: the most accessed and most throttled keys of every table and GSI
 * whose insights are on, over a sliding window ({@link #topKeys}), fed by the request path's hooks
 * ({@link #read}, {@link #wrote}, {@link #throttled}). Whether a resource counts, and in which
 * mode, is its {@link InsightsState} in the table's metadata, which the hooks receive; this class
 * keeps only the counts, and only for resources that count: nothing for a resource never enabled,
 * and what a disabled or dropped one kept goes at {@link #follow} or {@link #forget}.
 *
 * <p>What counts (docs/RULES.md#INSIGHTS-COUNTING): a served item read or write adds its consumed
 * units to the accessed rules of the table (its key) and of each GSI the write changed (the
 * entry's key, that GSI's units); a throttled request adds one to the throttled rules of the table
 * and, when a GSI refused it, of that GSI. A hook on a table with no insights returns after one
 * field read, so the cost when off is nil (docs/BENCHMARKS.md).
 *
 * <p>Memory: per counting resource, four rules of {@value #BUCKETS} one-minute buckets of at most
 * {@value #KEYS_PER_BUCKET} keys each, made as traffic arrives (at most about 9 MB a resource,
 * under an hour of high-cardinality traffic). Thread-safe: the registry is a concurrent map and each
 * rule's window synchronizes itself.
 */
public final class ContributorInsights {
    /** One bucket of the sliding window. */
    public static final Duration BUCKET = Duration.ofMinutes(1);
    /** Buckets kept: the longest window {@link #topKeys} answers is an hour. */
    public static final int BUCKETS = 60;
    /** Keys each bucket's sketch keeps (its error is at most the bucket's weight / this). */
    public static final int KEYS_PER_BUCKET = 256;

    private final Clock clock;
    /**
     * Keyed by the table's keyspace id, never reused, so tables of one name in two regions
     * (docs/RULES.md#NS-REGION), or a table dropped and created again, never share counts.
     */
    private final Map<Counted, ResourceKeys> resources = new ConcurrentHashMap<>();

    /**
     * A counting resource: a table's keyspace and the GSI's name (null: the table). Equality is
     * written out: the record's generated one went through a method handle on every access.
     */
    private record Counted(long keyspaceId, String indexName) {
        @Override public int hashCode() { return 31 * Long.hashCode(keyspaceId) + (indexName == null ? 0 : indexName.hashCode()); }

        @Override public boolean equals(Object o) {
            return o instanceof Counted c && c.keyspaceId == keyspaceId && java.util.Objects.equals(c.indexName, indexName);
        }
    }

    /** The windows of one counting resource, for rules created at {@code rulesCreated}. */
    private record ResourceKeys(long rulesCreated, SlidingTopKeys[] rules) {
        static ResourceKeys of(long rulesCreated) {
            SlidingTopKeys[] rules = new SlidingTopKeys[InsightsRule.values().length];
            for (int i = 0; i < rules.length; i++) rules[i] = new SlidingTopKeys(BUCKET, BUCKETS, KEYS_PER_BUCKET);
            return new ResourceKeys(rulesCreated, rules);
        }
    }

    public ContributorInsights(Clock clock) { this.clock = clock; }

    // ---- hooks ----------------------------------------------------------------------------------

    /** A served read of one item of the table, which consumed {@code units}. */
    public void read(TableMetadata table, PrimaryKey key, double units) {
        if (table.insights().isNone()) return;
        accessed(table, null, partitionOf(key), key.sort(), units, clock.now());
    }

    /**
     * A served Query page on one partition key of the table, or of the GSI {@code index}
     * (null: the table, which an LSI's reads also draw on), which consumed {@code units}. A page
     * counts under the partition key only: it has no one sort key.
     */
    public void queried(TableMetadata table, String index, List<AttributeValue> partition, double units) {
        if (table.insights().isNone()) return;
        accessed(table, index, texts(partition), null, units, clock.now());
    }

    /** A Query page on {@code partition} refused by the capacity model of the table or the GSI {@code index}. */
    public void queryThrottled(TableMetadata table, String index, List<AttributeValue> partition) {
        if (table.insights().isNone()) return;
        count(table, index, texts(partition), null, true, 1, clock.now());
    }

    /**
     * A stored (or condition-failed, still charged) write of one item: {@code item} is its new
     * image, or its old one for a delete; {@code consumed} what the table and each GSI paid.
     */
    public void wrote(TableMetadata table, PrimaryKey key, Map<String, AttributeValue> item, ConsumedCapacity consumed) {
        TableInsights insights = table.insights();
        if (insights.isNone()) return;
        Instant now = clock.now();
        if (insights.table() != null) {
            double units = consumed.table().units();
            if (!table.localIndexes().isEmpty()) {
                for (ConsumedCapacity.Capacity lsi : consumed.localSecondaryIndexes().values()) units += lsi.units();
            }
            accessed(table, null, partitionOf(key), key.sort(), units, now);
        }
        if (insights.indexes().isEmpty() || item == null) return;
        // By position, not by consumed.globalSecondaryIndexes(): that builds a map on every call.
        for (int i = 0; i < consumed.globalIndexCount(); i++) {
            String name = consumed.globalIndexName(i);
            if (insights.of(name) == null) continue;
            IndexMetadata index = table.index(name);
            if (index == null) continue;
            String[] partition = texts(index.keySchema().hash(), item);
            if (partition != null) accessed(table, name, partition, sortOf(index.keySchema(), item), consumed.globalIndexUnits(i), now);
        }
    }

    /**
     * A request on {@code key} refused by the capacity model, where {@code resourceArn} (the
     * table's or a GSI's) ran out; {@code item} is the write's image, null for a read.
     */
    public void throttled(TableMetadata table, PrimaryKey key, Map<String, AttributeValue> item, String resourceArn) {
        TableInsights insights = table.insights();
        if (insights.isNone()) return;
        Instant now = clock.now();
        count(table, null, partitionOf(key), key.sort(), true, 1, now);
        if (item == null || resourceArn == null || insights.indexes().isEmpty()) return;
        for (IndexMetadata index : table.globalIndexes()) {
            if (!resourceArn.equals(index.arn()) || insights.of(index.name()) == null) continue;
            String[] partition = texts(index.keySchema().hash(), item);
            if (partition != null) count(table, index.name(), partition, sortOf(index.keySchema(), item), true, 1, now);
        }
    }

    // ---- reading and upkeep ------------------------------------------------------------------------

    /**
     * The {@code n} heaviest contributors of {@code rule} on {@code table} (or its GSI
     * {@code indexName}) in the last {@code window} (rounded up to whole minutes, at most an
     * hour), heaviest first; empty when the resource does not count or the rule does not apply to it.
     */
    public List<TopKey> topKeys(TableMetadata table, String indexName, InsightsRule rule, Duration window, int n) {
        return topKeys(table, indexName, rule, window, n, clock.now());
    }

    /**
     * The same over the {@code window} that ends with the minute holding {@code at} (CloudWatch's
     * GetInsightRuleReport reads past minutes so); empty for minutes older than the hour kept.
     */
    public List<TopKey> topKeys(TableMetadata table, String indexName, InsightsRule rule, Duration window, int n, Instant at) {
        ResourceKeys keys = resources.get(new Counted(table.keyspaceId(), indexName));
        return keys == null ? List.of() : keys.rules[rule.ordinal()].top(window, n, at);
    }

    /** Drops the counts of the table's resources that no longer count (disabled, or an index dropped). */
    public void follow(TableMetadata table) {
        Instant now = clock.now();
        resources.keySet().removeIf(r -> {
            if (r.keyspaceId() != table.keyspaceId()) return false;
            InsightsState s = table.insights().of(r.indexName());
            return s == null || !s.collectingAt(now);
        });
    }

    /** Drops every count of a deleted table. */
    public void forget(TableMetadata table) {
        resources.keySet().removeIf(r -> r.keyspaceId() == table.keyspaceId());
    }

    // ---- internals ---------------------------------------------------------------------------------

    private void accessed(TableMetadata table, String index, String[] partition, AttributeValue sort,
                          double units, Instant now) {
        if (units > 0) count(table, index, partition, sort, false, units, now);
    }

    private void count(TableMetadata table, String index, String[] partition, AttributeValue sort,
                       boolean throttled, double weight, Instant now) {
        InsightsState state = table.insights().of(index);
        if (state == null || !state.collectingAt(now)) return;
        if (!throttled && !state.mode().countsAccesses()) return;
        Counted resource = new Counted(table.keyspaceId(), index);
        ResourceKeys keys = resources.get(resource);
        if (keys == null || keys.rulesCreated != state.rulesCreated()) {
            keys = resources.compute(resource, (r, k) ->
                    k != null && k.rulesCreated == state.rulesCreated() ? k : ResourceKeys.of(state.rulesCreated()));
        }
        keys.rules[(throttled ? InsightsRule.PKT : InsightsRule.PKC).ordinal()].offer(new ContributorKey(partition), weight, now);
        if (sort != null) {
            String[] both = Arrays.copyOf(partition, partition.length + 1);
            both[partition.length] = text(sort);
            keys.rules[(throttled ? InsightsRule.SKT : InsightsRule.SKC).ordinal()].offer(new ContributorKey(both), weight, now);
        }
    }

    private static String[] partitionOf(PrimaryKey key) { return new String[] {text(key.partition())}; }

    private static AttributeValue sortOf(KeySchema schema, Map<String, AttributeValue> item) {
        return schema.range().isEmpty() ? null : item.get(schema.range().get(0).name());
    }

    /** The item's values of these key attributes as text, or null when one is missing (the item is not in the index). */
    private static String[] texts(List<KeyAttribute> attributes, Map<String, AttributeValue> item) {
        String[] out = new String[attributes.size()];
        for (int i = 0; i < out.length; i++) {
            AttributeValue v = item.get(attributes.get(i).name());
            if (v == null) return null;
            out[i] = text(v);
        }
        return out;
    }

    private static String[] texts(List<AttributeValue> values) {
        String[] out = new String[values.size()];
        for (int i = 0; i < out.length; i++) out[i] = text(values.get(i));
        return out;
    }

    /** Key values as CloudWatch shows a contributor: strings, numbers as written, binary in base64. */
    private static String text(AttributeValue v) {
        if (v instanceof AttributeValue.S s) return s.value();
        if (v instanceof AttributeValue.N n) return n.value().toPlainString();
        if (v instanceof AttributeValue.B b) return b.value().toBase64();
        return v.toString();
    }
}
