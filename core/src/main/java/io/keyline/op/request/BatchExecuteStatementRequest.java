package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * BatchExecuteStatement's request, decoded (API_BatchExecuteStatement). Immutable; checked by
 * the operation (the shape already checked the 1 to 25 statements and each Statement's length).
 */
public record BatchExecuteStatementRequest(List<Member> statements, String returnConsumedCapacity) {
    /** One BatchStatementRequest. */
    public record Member(String statement, Deferred<List<AttributeValue>> parameters, Boolean consistentRead,
                         String returnValuesOnConditionCheckFailure) {
        public boolean consistent() { return Boolean.TRUE.equals(consistentRead); }
    }

    public BatchExecuteStatementRequest { statements = List.copyOf(statements); }

    public static BatchExecuteStatementRequest decode(JsonObject request) {
        List<Member> members = new ArrayList<>();
        List<JsonObject> raw = request.objects("Statements");
        if (raw != null) {
            for (JsonObject o : raw) {
                members.add(new Member(o.string("Statement"), Deferred.decode(() -> StatementParameters.decode(o)),
                        o.bool("ConsistentRead"), o.string("ReturnValuesOnConditionCheckFailure")));
            }
        }
        return new BatchExecuteStatementRequest(members, request.string("ReturnConsumedCapacity"));
    }
}
