package io.keyline.op;

import io.keyline.capacity.ReadConsistency;
import io.keyline.engine.Engine;
import io.keyline.expr.Projection;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.GetItemRequest;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnConsumedCapacity;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GetItem: one item by primary key, optionally projected; no Item field when absent. */
public final class GetItem implements Operation<GetItemRequest> {
    private static final List<String> VALUE_EXPRESSIONS = List.of();
    private final Engine engine;

    public GetItem(Engine engine) { this.engine = engine; }

    @Override public String name() { return "GetItem"; }

    /** A read: bounded by DynamoDB's limits, waits for nothing. */
    @Override public boolean quick(JsonObject request) { return true; }

    @Override public GetItemRequest decode(JsonObject request) { return GetItemRequest.decode(request); }

    @Override public Object run(GetItemRequest request) {
        String tableName = request.tableName();
        Map<String, AttributeValue> keyAttributes = request.key();
        Boolean consistentRead = request.consistentRead();
        ReturnConsumedCapacity level = ReturnConsumedCapacity.of(request.returnConsumedCapacity());
        RequestExpressions expressions = RequestExpressions.of(request.expressions(), VALUE_EXPRESSIONS);
        Projection projection = expressions.projection();
        expressions.checkAllUsed();
        TableMetadata table = engine.table(tableName);
        PrimaryKey key = PrimaryKeys.fromKey(table.keySchema(), keyAttributes);

        Engine.ItemRead read = engine.read(table, key, ReadConsistency.of(Boolean.TRUE.equals(consistentRead)));
        Map<String, AttributeValue> item = read.item();
        Map<String, Object> response = new LinkedHashMap<>();
        if (item != null) response.put("Item", projection == null ? item : projection.apply(item));
        ConsumedCapacityResponse.add(response, level, read.consumed());
        return response;
    }
}
