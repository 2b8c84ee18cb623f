package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.ItemStore;
import io.keyline.engine.PrimaryKey;
import io.keyline.engine.PrimaryKeys;
import io.keyline.engine.TableMetadata;
import io.keyline.expr.Condition;
import io.keyline.model.AttributeValue;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DeleteItem: removes one item, optionally under a condition, returning the old item on request. */
public final class DeleteItem implements Operation {
    private static final List<String> VALUE_EXPRESSIONS = List.of("ConditionExpression");
    private final Engine engine;

    public DeleteItem(Engine engine) { this.engine = engine; }

    @Override public String name() { return "DeleteItem"; }

    @Override public Object handle(JsonObject request) {
        String tableName = request.string("TableName");
        Map<String, AttributeValue> keyAttributes = request.item("Key");
        String returnValues = request.string("ReturnValues");
        String onFailure = request.string("ReturnValuesOnConditionCheckFailure");
        Constraints c = new Constraints();
        TableNames.check(tableName, c);
        c.notNull("key", keyAttributes);
        c.oneOf("returnValues", returnValues, ReturnValues.WIRE_ORDER);
        c.oneOf("returnConsumedCapacity", request.string("ReturnConsumedCapacity"), ItemTables.RETURN_CONSUMED_CAPACITY);
        c.oneOf("returnItemCollectionMetrics", request.string("ReturnItemCollectionMetrics"), ItemTables.RETURN_ITEM_COLLECTION_METRICS);
        c.oneOf("returnValuesOnConditionCheckFailure", onFailure, ItemTables.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE);
        c.throwIfAny();
        ReturnValues rv = ReturnValues.noneOrAllOld(returnValues);
        RequestExpressions expressions = RequestExpressions.of(request, VALUE_EXPRESSIONS);
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        TableMetadata table = ItemTables.require(engine, tableName);
        PrimaryKey key = PrimaryKeys.fromKey(table.keySchema(), keyAttributes);
        boolean returnOldOnFailure = "ALL_OLD".equals(onFailure);

        ItemStore.WriteResult result = engine.items().write(table, key, old -> {
            WriteConditions.check(condition, old, returnOldOnFailure);
            return null;
        });

        Map<String, Object> response = new LinkedHashMap<>();
        if (rv == ReturnValues.ALL_OLD && result.oldItem() != null) response.put("Attributes", result.oldItem());
        return response;
    }
}
