package io.keyline.op.request;

/**
 * The parameters PutItem, UpdateItem and DeleteItem share, read from a request whose members
 * passed the shape checks (docs/RULES.md#VALIDATION-ORDER: TableName, the item or key, the
 * enums). Immutable.
 */
public record WriteRequest(String tableName, ReturnValues returnValues, ReturnConsumedCapacity returnConsumedCapacity,
                           ReturnItemCollectionMetrics returnItemCollectionMetrics,
                           ReturnValuesOnConditionCheckFailure onConditionCheckFailure) {

    /** ReturnValuesOnConditionCheckFailure=ALL_OLD. */
    public boolean returnOldOnFailure() { return onConditionCheckFailure.returnsOldItem(); }

    public static WriteRequest of(WriteOptions o) {
        return new WriteRequest(o.tableName(), ReturnValues.of(o.returnValues()), ReturnConsumedCapacity.of(o.returnConsumedCapacity()),
                ReturnItemCollectionMetrics.of(o.returnItemCollectionMetrics()),
                ReturnValuesOnConditionCheckFailure.of(o.returnValuesOnConditionCheckFailure()));
    }
}
