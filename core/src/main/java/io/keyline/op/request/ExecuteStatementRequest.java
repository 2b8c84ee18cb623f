package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.List;

/**
 * ExecuteStatement's request, decoded (API_ExecuteStatement). Immutable; checked by the
 * operation (the shape already checked Statement's length, Limit's range and the enums).
 *
 * @param parameters the values for the statement's placeholders, null when none were sent
 */
public record ExecuteStatementRequest(String statement, Deferred<List<AttributeValue>> parameters, Boolean consistentRead,
                                      String nextToken, String returnConsumedCapacity, Integer limit,
                                      String returnValuesOnConditionCheckFailure) {
    public static ExecuteStatementRequest decode(JsonObject request) {
        return new ExecuteStatementRequest(request.string("Statement"), Deferred.decode(() -> StatementParameters.decode(request)),
                request.bool("ConsistentRead"), request.string("NextToken"), request.string("ReturnConsumedCapacity"),
                request.intValue("Limit"), request.string("ReturnValuesOnConditionCheckFailure"));
    }

    public boolean consistent() { return Boolean.TRUE.equals(consistentRead); }
}
