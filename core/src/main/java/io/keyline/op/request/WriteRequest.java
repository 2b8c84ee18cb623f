package io.keyline.op.request;

import io.keyline.op.control.Constraints;
import io.keyline.op.control.TableNames;
import io.keyline.protocol.JsonObject;

/**
 * The parameters PutItem, UpdateItem and DeleteItem share, read and checked against the API's
 * member constraints in one place (all violations reported together, as DynamoDB does).
 * Immutable.
 */
public record WriteRequest(String tableName, ReturnValues returnValues, ReturnConsumedCapacity returnConsumedCapacity,
                           ReturnItemCollectionMetrics returnItemCollectionMetrics,
                           ReturnValuesOnConditionCheckFailure onConditionCheckFailure) {

    /** ReturnValuesOnConditionCheckFailure=ALL_OLD. */
    public boolean returnOldOnFailure() { return onConditionCheckFailure.returnsOldItem(); }

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
        ReturnValues rv = ReturnValues.check(returnValues, c);
        ReturnConsumedCapacity rcc = ReturnConsumedCapacity.check(request.string("ReturnConsumedCapacity"), c);
        ReturnItemCollectionMetrics ricm = ReturnItemCollectionMetrics.check(request.string("ReturnItemCollectionMetrics"), c);
        ReturnValuesOnConditionCheckFailure rvf = ReturnValuesOnConditionCheckFailure.check("returnValuesOnConditionCheckFailure", onFailure, c);
        c.throwIfAny();
        return new WriteRequest(tableName, rv, rcc, ricm, rvf);
    }
}
