package io.keyline.op.partiql;

import io.keyline.capacity.ConsumedCapacity;
import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.PageRequest;
import io.keyline.engine.api.ReadTarget;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.DocumentPath;
import io.keyline.expr.ExpressionContext;
import io.keyline.expr.KeyConditions;
import io.keyline.expr.Projection;
import io.keyline.metadata.IndexMetadata;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.model.KeySchema;
import io.keyline.op.request.ReadOptions;
import io.keyline.op.request.ReadRequests;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.StartKeys;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.partiql.ExpressionWriter;
import io.keyline.partiql.KeyMatch;
import io.keyline.partiql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A SELECT run as DynamoDB runs it (docs/RULES.md#PARTIQL-SELECT-PLAN): with an equality or IN
 * on the partition key it is one Query per key value (the sort key conditions it can use bound
 * the range), otherwise a Scan of the table or index; either way the whole WHERE clause is the
 * filter, applied after the page is read, so the page is priced and limited (Limit, 1 MB) as the
 * Query's or Scan's would be. NextToken carries the IN value and LastEvaluatedKey to resume
 * from. Stateless.
 */
public final class StatementReads {
    /** Wordings [inf] (docs/RULES.md#PARTIQL-ORDER-BY). */
    static final String ORDER_BY_NEEDS_WHERE = "Must have WHERE clause in the statement when using ORDER BY clause.";
    static final String ORDER_BY_NEEDS_HASH_KEY = "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.";
    static final String ORDER_BY_KEYS_ONLY = "Order by is supported only on the key attributes of the table or index";
    /** PartiQL's own wording, not Query's (docs/RULES.md#PARTIQL-ERRORS). */
    static final String CONSISTENT_GSI = "Strongly consistent read is not supported on Global Secondary Indexes";

    private StatementReads() {}

    /** One page of a SELECT as ExecuteStatement's response: Items, NextToken, ConsumedCapacity, LastEvaluatedKey. */
    public static Map<String, Object> page(Engine engine, Statement.Select select, Integer limit, boolean consistent,
                                           String nextToken, long fingerprint, ReturnConsumedCapacity level) {
        TableMetadata table = engine.table(select.table());
        if (select.index() != null) {
            IndexMetadata index = table.index(select.index());
            if (index != null && index.isGlobal() && consistent) throw Errors.validation(CONSISTENT_GSI);
        }
        ReadOptions options = new ReadOptions(select.index(), null, limit == null ? null : limit.longValue(), null, null,
                consistent, select.projection() != null);
        ReadTarget target = ReadRequests.target(table, options);
        ExpressionWriter writer = new ExpressionWriter();
        String filterText = select.where() == null ? null : writer.condition(select.where());
        String projectionText = select.projection() == null ? null : writer.projection(select.projection());
        ExpressionContext context = new ExpressionContext(writer.names(), writer.values());
        Condition filter = filterText == null ? null : context.condition(filterText, "FilterExpression");
        Projection projection = projectionText == null ? null : context.projection(projectionText);
        ReadRequests.checkKeyPaths(table, projection, filter);
        boolean fetch = ReadRequests.fetchesBaseItems(table, target, options, projection, filter);

        List<List<KeyConditions.Term>> partitions = KeyMatch.query(select.where(), target.keySchema());
        boolean reverse = order(select, target.keySchema(), partitions);
        NextTokens.Position from = NextTokens.decode(nextToken, fingerprint);
        Predicate<Map<String, AttributeValue>> keep = item -> filter == null || filter.test(item);
        ReadConsistency consistency = ReadConsistency.of(consistent);

        List<Map<String, AttributeValue>> items = new ArrayList<>();
        ConsumedCapacity consumed = null;
        Map<String, AttributeValue> lastKey = null;
        String next = null;
        if (partitions == null) {
            KeyRange range = engine.scanRange(target, 0, 1);
            byte[] start = from == null || from.lastKey() == null ? null : StartKeys.forScan(engine, target, from.lastKey(), range, null, null);
            Engine.PageRead read = engine.scanPage(table, new PageRequest(target, range, false, start, limit, keep), fetch, consistency);
            items.addAll(read.page().items());
            consumed = read.consumed();
            lastKey = read.page().lastEvaluatedKey();
            if (lastKey != null) next = NextTokens.encode(fingerprint, 0, lastKey);
        } else {
            Integer remaining = limit;
            int first = from == null ? 0 : from.partition();
            if (first < 0 || first >= partitions.size()) throw Errors.validation(NextTokens.INVALID);
            for (int i = first; i < partitions.size(); i++) {
                KeyConditions.KeyCondition key = KeyConditions.plan(target.keySchema(), partitions.get(i));
                KeyRange partition = engine.queryRange(target, key.partitionKey(), List.of(), null, null, null);
                KeyRange range = key.hasSortCondition()
                        ? engine.queryRange(target, key.partitionKey(), key.sortEqualities(), SortKeyCondition.valueOf(key.sortOperator()), key.low(), key.high())
                        : partition;
                byte[] start = from != null && i == first && from.lastKey() != null
                        ? StartKeys.forQuery(engine, target, from.lastKey(), partition, range) : null;
                Engine.PageRead read = engine.queryPage(table, key.partitionKey(),
                        new PageRequest(target, range, reverse, start, remaining, keep), fetch, consistency);
                items.addAll(read.page().items());
                consumed = sum(consumed, read.consumed());
                lastKey = read.page().lastEvaluatedKey();
                if (lastKey != null) {
                    // a partition of a table without a sort key holds one item: it is done, and Query takes no start key inside it
                    boolean partitionDone = !target.isIndex() && !target.keySchema().hasSortKey();
                    if (!partitionDone) next = NextTokens.encode(fingerprint, i, lastKey);
                    else if (i + 1 < partitions.size()) next = NextTokens.encode(fingerprint, i + 1, null);
                    break;
                }
                if (remaining != null) {
                    remaining -= read.page().scannedCount();
                    if (remaining <= 0) {
                        if (i + 1 < partitions.size()) next = NextTokens.encode(fingerprint, i + 1, null);
                        break;
                    }
                }
            }
        }
        Map<String, Object> response = new LinkedHashMap<>();
        List<Map<String, AttributeValue>> out = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) out.add(projection == null ? item : projection.apply(item));
        response.put("Items", out);
        if (next != null) response.put("NextToken", next);
        ConsumedCapacityResponse.add(response, level, consumed);
        if (next != null && lastKey != null) response.put("LastEvaluatedKey", lastKey);
        return response;
    }

    /**
     * Checks ORDER BY (docs/RULES.md#PARTIQL-ORDER-BY) and applies it: the partition key orders
     * the IN values (so their Queries run in that order), the sort key orders each Query. Returns
     * whether the Queries read backwards.
     */
    private static boolean order(Statement.Select select, KeySchema keys, List<List<KeyConditions.Term>> partitions) {
        if (select.orderBy().isEmpty()) return false;
        if (select.where() == null) throw Errors.validation(ORDER_BY_NEEDS_WHERE);
        if (partitions == null) throw Errors.validation(ORDER_BY_NEEDS_HASH_KEY);
        boolean reverse = false;
        for (Statement.Order o : select.orderBy()) {
            DocumentPath key = o.key();
            if (!key.isTopLevel() || !keys.isKeyAttribute(key.head())) throw Errors.validation(ORDER_BY_KEYS_ONLY);
            boolean isPartition = keys.hash().stream().anyMatch(a -> a.name().equals(key.head()));
            if (isPartition) {
                int position = 0;
                while (!keys.hash().get(position).name().equals(key.head())) position++;
                int at = position;
                Comparator<List<KeyConditions.Term>> byKey = Comparator.comparing(terms -> terms.get(at).values().get(0), StatementReads::compare);
                partitions.sort(o.descending() ? byKey.reversed() : byKey);
            } else {
                reverse = o.descending();
            }
        }
        return reverse;
    }

    private static ConsumedCapacity sum(ConsumedCapacity a, ConsumedCapacity b) {
        if (a == null) return b;
        return b == null ? a : a.plus(b);
    }

    /** DynamoDB's order of key values: numbers by value, strings by UTF-8 bytes, binaries by unsigned bytes. */
    private static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.N x && b instanceof AttributeValue.N y) return x.value().compareTo(y.value());
        if (a instanceof AttributeValue.B x && b instanceof AttributeValue.B y) return x.value().compareTo(y.value());
        if (a instanceof AttributeValue.S x && b instanceof AttributeValue.S y) {
            return java.util.Arrays.compareUnsigned(x.value().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    y.value().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return 0;
    }
}
