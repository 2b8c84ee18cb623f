package io.keyline.op;

import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.PageRequest;
import io.keyline.engine.api.ReadTarget;
import io.keyline.engine.api.SortKeyCondition;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.KeyConditions;
import io.keyline.expr.Projection;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.Constraints;
import io.keyline.op.request.Names;
import io.keyline.op.request.QueryRequest;
import io.keyline.op.request.ReadRequests;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.StartKeys;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.protocol.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * Query: one page of the items of one partition (of the table or an index) whose sort key meets
 * the key condition, in sort-key order (reversed when ScanIndexForward is false), filtered and
 * projected. The page is one contiguous key range in storage, so its cost follows the items it
 * evaluates, not the size of the table. The engine admits the page where the partition key
 * lives and charges it on what it evaluated ({@link Engine#queryPage}).
 */
public final class Query implements Operation<QueryRequest> {
    private static final List<String> VALUE_EXPRESSIONS = List.of("KeyConditionExpression", "FilterExpression");
    private final Engine engine;

    public Query(Engine engine) { this.engine = engine; }

    @Override public String name() { return "Query"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public QueryRequest decode(JsonObject request) { return QueryRequest.decode(request); }

    @Override public Object run(QueryRequest request) {
        String tableName = request.tableName();
        Map<String, AttributeValue> startKey = request.exclusiveStartKey();
        Boolean forward = request.scanIndexForward();
        Constraints c = new Constraints();
        Names.check(tableName, c);
        ReturnConsumedCapacity level = ReadRequests.constraints(request.options(), c);
        c.throwIfAny();
        RequestExpressions expressions = RequestExpressions.of(request.expressions(), VALUE_EXPRESSIONS);
        if (!request.expressions().keyConditions().present() && request.expressions().keyConditionExpression() == null) {
            throw Errors.validation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        List<KeyConditions.Term> terms = expressions.keyConditionTerms();
        Condition expressionFilter = expressions.filter();
        Condition filter = expressionFilter != null ? expressionFilter : expressions.legacyFilter("QueryFilter");
        Projection projection = expressions.projection();
        expressions.checkAllUsed();
        boolean countOnly = ReadRequests.countOnly(request.options(), projection);

        TableMetadata table = engine.table(tableName);
        ReadTarget target = ReadRequests.target(table, request.options());
        KeyConditions.KeyCondition key = KeyConditions.plan(target.keySchema(), terms);
        KeyRange partition = engine.queryRange(target, key.partitionKey(), List.of(), null, null, null);
        KeyRange range = key.hasSortCondition()
                ? engine.queryRange(target, key.partitionKey(), key.sortEqualities(), SortKeyCondition.valueOf(key.sortOperator()), key.low(), key.high())
                : partition;
        byte[] start = startKey == null ? null : StartKeys.forQuery(engine, target, startKey, partition, range);
        ReadRequests.checkKeyPaths(table, projection, filter);
        boolean fetch = ReadRequests.fetchesBaseItems(table, target, request.options(), projection, filter);
        ReadRequests.checkFilterAvoidsKeys(target, filter, expressionFilter != null ? "Filter Expression" : "QueryFilter");

        Engine.PageRead read = engine.queryPage(table, key.partitionKey(), new PageRequest(target, range, Boolean.FALSE.equals(forward), start,
                request.options().pageLimit(), item -> filter == null || filter.test(item)),
                fetch && !countOnly, ReadConsistency.of(request.options().consistent()));
        Map<String, Object> response = ReadRequests.response(read.page(), projection, countOnly);
        ConsumedCapacityResponse.add(response, level, read.consumed());
        return response;
    }
}
