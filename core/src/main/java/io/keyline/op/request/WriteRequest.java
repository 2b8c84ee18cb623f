package io.keyline.op.request;



/**
 * The parameters PutItem, UpdateItem and DeleteItem share, checked against the API's member
 * constraints in one place (all violations reported together, as DynamoDB does). Immutable.
 */
public record WriteRequest(String tableName, ReturnValues returnValues, ReturnConsumedCapacity returnConsumedCapacity,
                           ReturnItemCollectionMetrics returnItemCollectionMetrics,
                           ReturnValuesOnConditionCheckFailure onConditionCheckFailure) {

    /** ReturnValuesOnConditionCheckFailure=ALL_OLD. */
    public boolean returnOldOnFailure() { return onConditionCheckFailure.returnsOldItem(); }

    /**
     * Checks the shared members against the API's constraints, all violations together.
     *
     * @param targetField the constraint path of the item or key ("item" or "key")
     * @param target      the decoded Item or Key, null if absent
     */
    public static WriteRequest check(WriteOptions o, String targetField, Object target) {
        Constraints c = new Constraints();
        Names.check(o.tableName(), c);
        c.notNull(targetField, target);
        ReturnValues rv = ReturnValues.check(o.returnValues(), c);
        ReturnConsumedCapacity rcc = ReturnConsumedCapacity.check(o.returnConsumedCapacity(), c);
        ReturnItemCollectionMetrics ricm = ReturnItemCollectionMetrics.check(o.returnItemCollectionMetrics(), c);
        ReturnValuesOnConditionCheckFailure rvf = ReturnValuesOnConditionCheckFailure.check("returnValuesOnConditionCheckFailure",
                o.returnValuesOnConditionCheckFailure(), c);
        c.throwIfAny();
        return new WriteRequest(o.tableName(), rv, rcc, ricm, rvf);
    }
}
