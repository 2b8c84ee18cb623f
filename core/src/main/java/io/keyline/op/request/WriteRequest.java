package io.keyline.op.request;

import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;

/**
 * The parameters PutItem, UpdateItem and DeleteItem share, read and checked against the API's
 * member constraints in one place (all violations reported together, as DynamoDB does).
 * Immutable.
 *
 * @param returnOldOnFailure ReturnValuesOnConditionCheckFailure=ALL_OLD
 */
public record WriteRequest(String tableName, String returnValues, boolean returnOldOnFailure) {

    /**
     * @param targetField the constraint path of the item or key ("item" or "key")
     * @param target      the decoded Item or Key, null if absent
     */
    public static WriteRequest parse(JsonObject request, String targetField, Object target) {
        String tableName = request.string("TableName");
        String returnValues = request.string("ReturnValues");
        String onFailure = request.string("ReturnValuesOnConditionCheckFailure");
        Constraints c = new Constraints();
        TableNames.check(tableName, c);
        c.notNull(targetField, target);
        c.oneOf("returnValues", returnValues, ReturnValues.WIRE_ORDER);
        c.oneOf("returnConsumedCapacity", request.string("ReturnConsumedCapacity"), ItemTables.RETURN_CONSUMED_CAPACITY);
        c.oneOf("returnItemCollectionMetrics", request.string("ReturnItemCollectionMetrics"), ItemTables.RETURN_ITEM_COLLECTION_METRICS);
        c.oneOf("returnValuesOnConditionCheckFailure", onFailure, ItemTables.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE);
        c.throwIfAny();
        return new WriteRequest(tableName, returnValues, "ALL_OLD".equals(onFailure));
    }
}
