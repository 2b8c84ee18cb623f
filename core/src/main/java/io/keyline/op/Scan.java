package io.keyline.op;

import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.engine.api.KeyRange;
import io.keyline.engine.api.PageRequest;
import io.keyline.engine.api.ReadTarget;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.expr.Projection;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.ReadRequests;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.request.ScanRequest;
import io.keyline.op.request.StartKeys;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.protocol.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * Scan: one page of every item of the table (or an index) in token order, which is why the order
 * looks random, as on DynamoDB; filtered and projected. A parallel scan's segment i of N is token
 * slice i of N, so segments are disjoint and together cover the table, and a segment's
 * LastEvaluatedKey stays inside it. The engine admits the page where it starts and charges it on
 * every item evaluated and every partition crossed ({@link Engine#scanPage}).
 */
public final class Scan implements Operation<ScanRequest> {
    private static final List<String> VALUE_EXPRESSIONS = List.of("FilterExpression");
    private final Engine engine;

    public Scan(Engine engine) { this.engine = engine; }

    @Override public String name() { return "Scan"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public ScanRequest decode(JsonObject request) { return ScanRequest.decode(request); }

    @Override public Object run(ScanRequest request) {
        String tableName = request.tableName();
        Map<String, AttributeValue> startKey = request.exclusiveStartKey();
        Long segment = request.segment();
        Long totalSegments = request.totalSegments();
        // Segment (0 to 999,999) and TotalSegments (1 to 1,000,000) are the shape's; their relation is checked below.
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.options().returnConsumedCapacity());
        RequestExpressions expressions = RequestExpressions.of(request.expressions(), VALUE_EXPRESSIONS);
        if (segment != null && totalSegments == null) {
            throw Errors.validation("The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
        }
        if (totalSegments != null) {
            if (segment == null) {
                throw Errors.validation("The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
            }
            if (segment >= totalSegments) {
                throw Errors.validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: "
                        + segment + " is not less than TotalSegments: " + totalSegments);
            }
        }
        Condition expressionFilter = expressions.filter();
        Condition filter = expressionFilter != null ? expressionFilter : expressions.legacyFilter("ScanFilter");
        Projection projection = expressions.projection();
        expressions.checkAllUsed();
        boolean countOnly = ReadRequests.countOnly(request.options(), projection);

        TableMetadata table = engine.table(tableName);
        ReadTarget target = ReadRequests.target(table, request.options());
        int segmentNumber = segment == null ? 0 : segment.intValue();
        int segments = totalSegments == null ? 1 : totalSegments.intValue();
        KeyRange range = engine.scanRange(target, segmentNumber, segments);
        byte[] start = startKey == null ? null
                : StartKeys.forScan(engine, target, startKey, range, segment == null ? null : segmentNumber, totalSegments == null ? null : segments);
        ReadRequests.checkKeyPaths(table, projection, filter);
        boolean fetch = ReadRequests.fetchesBaseItems(table, target, request.options(), projection, filter);

        Engine.PageRead read = engine.scanPage(table, new PageRequest(target, range, false, start,
                request.options().pageLimit(), item -> filter == null || filter.test(item)),
                fetch && !countOnly, ReadConsistency.of(request.options().consistent()));
        Map<String, Object> response = ReadRequests.response(read.page(), projection, countOnly);
        ConsumedCapacityResponse.add(response, level, read.consumed());
        return response;
    }
}
