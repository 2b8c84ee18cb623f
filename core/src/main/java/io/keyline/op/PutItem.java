package io.keyline.op;

import io.keyline.engine.Engine;
import io.keyline.engine.ItemStore;
import io.keyline.engine.PrimaryKey;
import io.keyline.engine.PrimaryKeys;
import io.keyline.engine.TableMetadata;
import io.keyline.error.Errors;
import io.keyline.expr.Condition;
import io.keyline.model.AttributeValue;
import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PutItem: replaces the whole item, optionally under a condition on the old one
 * (ConditionExpression or legacy Expected), returning the old item on request.
 */
public final class PutItem implements Operation {
    private static final List<String> VALUE_EXPRESSIONS = List.of("ConditionExpression");
    private final Engine engine;

    public PutItem(Engine engine) { this.engine = engine; }

    @Override public String name() { return "PutItem"; }

    @Override public Object handle(JsonObject request) {
        String tableName = request.string("TableName");
        Map<String, AttributeValue> item = request.item("Item");
        String returnValues = request.string("ReturnValues");
        String onFailure = request.string("ReturnValuesOnConditionCheckFailure");
        Constraints c = new Constraints();
        TableNames.check(tableName, c);
        c.notNull("item", item);
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
        PrimaryKey key = PrimaryKeys.fromItem(table.keySchema(), item);
        ItemChecks.checkItem(item, "Item size has exceeded the maximum allowed size");
        boolean returnOldOnFailure = "ALL_OLD".equals(onFailure);

        ItemStore.WriteResult result = engine.items().write(table, key, old -> {
            WriteConditions.check(condition, old, returnOldOnFailure);
            return item;
        });

        Map<String, Object> response = new LinkedHashMap<>();
        if (rv == ReturnValues.ALL_OLD && result.oldItem() != null) response.put("Attributes", result.oldItem());
        return response;
    }
}
