package io.keyline.op.request;

import io.keyline.protocol.JsonObject;

/**
 * The members PutItem, UpdateItem and DeleteItem share, decoded but not yet checked
 * ({@link WriteRequest#check} does that). Immutable.
 */
public record WriteOptions(String tableName, String returnValues, String returnValuesOnConditionCheckFailure,
                           String returnConsumedCapacity, String returnItemCollectionMetrics) {
    public static WriteOptions decode(JsonObject request) {
        return new WriteOptions(request.string("TableName"), request.string("ReturnValues"),
                request.string("ReturnValuesOnConditionCheckFailure"), request.string("ReturnConsumedCapacity"),
                request.string("ReturnItemCollectionMetrics"));
    }
}
