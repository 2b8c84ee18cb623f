package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.expr.Condition;
import io.keyline.metadata.PrimaryKey;
import io.keyline.metadata.PrimaryKeys;
import io.keyline.metadata.TableMetadata;
import io.keyline.model.AttributeValue;
import io.keyline.op.request.DeleteItemRequest;
import io.keyline.op.request.RequestExpressions;
import io.keyline.op.request.ReturnValues;
import io.keyline.op.request.WriteRequest;
import io.keyline.op.response.ConsumedCapacityResponse;
import io.keyline.op.response.ItemCollectionMetricsResponse;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DeleteItem: removes one item, optionally under a condition, returning the old item on request. */
public final class DeleteItem implements Operation<DeleteItemRequest> {
    private static final List<String> VALUE_EXPRESSIONS = List.of("ConditionExpression");
    private final Engine engine;

    public DeleteItem(Engine engine) { this.engine = engine; }

    @Override public String name() { return "DeleteItem"; }

    /** Quick unless the write will wait for its GSI changes to be applied. */
    @Override public boolean quick(JsonObject request) { return !engine.writesWait(request.get("TableName")); }

    @Override public DeleteItemRequest decode(JsonObject request) { return DeleteItemRequest.decode(request); }

    @Override public Object run(DeleteItemRequest request) {
        Map<String, AttributeValue> keyAttributes = request.key();
        WriteRequest common = WriteRequest.of(request.options());
        ReturnValues rv = common.returnValues().noneOrAllOld();
        RequestExpressions expressions = RequestExpressions.of(request.expressions(), VALUE_EXPRESSIONS);
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        TableMetadata table = engine.table(common.tableName());
        PrimaryKey key = PrimaryKeys.fromKey(table.keySchema(), keyAttributes);
        boolean returnOldOnFailure = common.returnOldOnFailure();

        Engine.ItemWrite result = engine.write(table, key, condition, returnOldOnFailure, null,
                old -> null);

        Map<String, Object> response = new LinkedHashMap<>();
        if (rv == ReturnValues.ALL_OLD && result.oldItem() != null) response.put("Attributes", result.oldItem());
        ConsumedCapacityResponse.add(response, common.returnConsumedCapacity(), result.consumed());
        ItemCollectionMetricsResponse.add(response, engine, common.returnItemCollectionMetrics(), table, key);
        return response;
    }
}
