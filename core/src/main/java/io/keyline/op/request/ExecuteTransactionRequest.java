package io.keyline.op.request;

import io.keyline.model.AttributeValue;
import io.keyline.protocol.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ExecuteTransaction's request, decoded (API_ExecuteTransaction). Immutable; checked by the
 * operation (the shape already checked the 1 to 100 statements and the token's length).
 *
 * @param wire the request as sent, for the ClientRequestToken's fingerprint
 */
public record ExecuteTransactionRequest(List<Member> statements, String clientRequestToken, String returnConsumedCapacity,
                                        Map<String, Object> wire) {
    /** One ParameterizedStatement. */
    public record Member(String statement, Deferred<List<AttributeValue>> parameters, String returnValuesOnConditionCheckFailure) {}

    public ExecuteTransactionRequest { statements = List.copyOf(statements); }

    public static ExecuteTransactionRequest decode(JsonObject request) {
        List<Member> members = new ArrayList<>();
        List<JsonObject> raw = request.objects("TransactStatements");
        if (raw != null) {
            for (JsonObject o : raw) {
                members.add(new Member(o.string("Statement"), Deferred.decode(() -> StatementParameters.decode(o)),
                        o.string("ReturnValuesOnConditionCheckFailure")));
            }
        }
        return new ExecuteTransactionRequest(members, request.string("ClientRequestToken"), request.string("ReturnConsumedCapacity"),
                request.raw());
    }
}
